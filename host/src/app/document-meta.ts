import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the document title and description from a route's keys, falling back to the defaults. */
export function useDocumentMeta(titleKey?: string, descriptionKey?: string): void {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const appName = t('host:appName');
    const title = titleKey && i18n.exists(titleKey) ? `${t(titleKey)} · ${appName}` : t('host:defaultTitle');
    const description =
      descriptionKey && i18n.exists(descriptionKey) ? t(descriptionKey) : t('host:defaultDescription');
    document.title = title;
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.appendChild(tag);
    }
    tag.content = description;
  }, [t, i18n, titleKey, descriptionKey]);
}
