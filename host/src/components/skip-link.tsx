import { useTranslation } from 'react-i18next';

/** The id of each page's main content: the target of the skip link. */
export const CONTENT_ID = 'content';

/**
 * The page's first Tab stop: jumps over the header or the sidebar to the main content.
 * Hidden until it has the focus (the `canteiro-skip-link` rule in base-styles.ts). The
 * focus is moved by hand, so the router's URL does not gain a `#content`.
 */
export function SkipLink() {
  const { t } = useTranslation('host');
  return (
    <a
      className="canteiro-skip-link"
      href={`#${CONTENT_ID}`}
      onClick={(event) => {
        const content = document.getElementById(CONTENT_ID);
        if (!content) return;
        event.preventDefault();
        content.focus();
      }}
    >
      {t('skipToContent')}
    </a>
  );
}
