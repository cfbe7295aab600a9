import { useEffect, useMemo, useRef } from 'react';
import { Avatar, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { IMAGE_SIGNATURE_LENGTH, imageInfo, imageLimitBytes, imageType, tooManyPixels } from '@canteiro/shared/domain';
import { useAuthorizedImage } from '../use-authorized-image';

/** What an image field holds: the address of the current picture, a newly chosen file, or nothing. */
export type ImageValue = string | File | null;

/** Why a chosen file is refused: a code of the error catalogue. */
export type ImageProblem = 'image_type' | 'image_too_large' | 'image_dimensions';

interface ImageInputProps {
  id: string;
  value: ImageValue;
  onChange: (file: File) => void;
  /** A file that is not a JPEG/PNG or is over a limit: its error code (the value keeps the old picture). */
  onInvalid: (code: ImageProblem) => void;
  onBlur: () => void;
  maxImageMb: number;
  invalid: boolean;
  /** The id of the field's error, read with the button that picks the file. */
  describedBy?: string;
}

const bytesOf = (blob: Blob) =>
  blob
    .arrayBuffer()
    .then((bytes) => new Uint8Array(bytes))
    .catch(() => new Uint8Array());

/**
 * The checks of spec §5 before anything is sent: the content's type, then the size, then the
 * whole file's structure — the same `imageInfo` the server applies, so a signature followed
 * by anything else is refused here rather than after the upload — and the pixels its header
 * declares. (Whether a PNG's data inflates to that size only the server checks.)
 */
export async function checkImage(file: File, maxImageMb: number): Promise<ImageProblem | null> {
  if (!imageType(await bytesOf(file.slice(0, IMAGE_SIGNATURE_LENGTH)))) return 'image_type';
  if (file.size > imageLimitBytes(maxImageMb)) return 'image_too_large';
  const info = imageInfo(await bytesOf(file));
  if (!info) return 'image_type';
  return tooManyPixels(info) ? 'image_dimensions' : null;
}

/** A picture with its preview: choosing a file checks it; it is uploaded when the form is saved. */
export function ImageInput({
  id,
  value,
  onChange,
  onInvalid,
  onBlur,
  maxImageMb,
  invalid,
  describedBy,
}: ImageInputProps) {
  const { t } = useTranslation('kit');
  const picker = useRef<HTMLInputElement>(null);
  const current = useAuthorizedImage(typeof value === 'string' ? value : null);
  const chosen = useMemo(() => (value instanceof File ? URL.createObjectURL(value) : null), [value]);
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen) : undefined), [chosen]);
  const preview = chosen ?? current;

  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
      <Avatar
        size={64}
        shape="circle"
        src={preview ?? undefined}
        alt={preview ? t('imagePreview') : undefined}
        style={{ flex: 'none', background: preview ? undefined : '#e6e9ee', color: '#5f6b7a' }}
      >
        {preview ? null : '—'}
      </Avatar>
      <div style={{ minWidth: 0 }}>
        <input
          ref={picker}
          id={id}
          data-testid={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png,.jpg,.jpeg,.png"
          aria-invalid={invalid || undefined}
          style={{ display: 'none' }}
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            onBlur();
            if (!file) return;
            const problem = await checkImage(file, maxImageMb);
            if (problem) onInvalid(problem);
            else onChange(file);
          }}
        />
        <Button danger={invalid} aria-describedby={describedBy} onClick={() => picker.current?.click()}>
          {t(preview ? 'imageReplace' : 'imageChoose')}
        </Button>
        <Typography.Text
          type="secondary"
          style={{ display: 'block', marginTop: 6, fontSize: 13 }}
          ellipsis={{ tooltip: true }}
        >
          {value instanceof File ? value.name : t('imageHint', { maxSize: maxImageMb })}
        </Typography.Text>
      </div>
    </div>
  );
}
