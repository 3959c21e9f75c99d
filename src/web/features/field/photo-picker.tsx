/**
 * Photos from the phone's camera (issue 4 "photos from the camera, compressed on the phone before
 * they are stored"): `capture="environment"` opens the rear camera on Android; each picture is
 * checked against spec 5 (blocked extensions, size, count) and compressed to a ~1280 px JPEG
 * before it is kept, so the outbox holds small blobs.
 */
import { Box, Button, CloseButton, Field, HStack, Image, Spinner, Text } from '@chakra-ui/react';
import { Camera } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkUploads } from '../../../domain/validation/rules';
import { compressImage } from '../../../offline/photos';

/** A kept photo: the compressed blob and a preview URL (revoked when removed). */
export interface PickedPhoto {
  id: string;
  blob: Blob;
  url: string;
}

/** Size limit of one camera picture before compression, MB (a 108 MP phone photo stays below). */
const PHOTO_MAX_MB = 25;

export interface PhotoPickerProps {
  label: string;
  photos: PickedPhoto[];
  onChange: (photos: PickedPhoto[]) => void;
  max: number;
  /** Error text from the form (e.g. a required slip). */
  error?: string | null;
  testId?: string;
}

export function PhotoPicker({ label, photos, onChange, max, error, testId }: PhotoPickerProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef(photos);
  latest.current = photos;

  // Preview URLs die with the form.
  useEffect(() => () => latest.current.forEach((p) => URL.revokeObjectURL(p.url)), []);

  const add = async (files: File[]) => {
    setProblem(null);
    // The kept photos count towards the limit: the selection is all the visit's photos.
    const selection = [...photos.map((p) => ({ name: 'photo.jpg', size: p.blob.size })), ...files.map((f) => ({ name: f.name, size: f.size }))];
    const rule = checkUploads(selection, { maxSizeMb: PHOTO_MAX_MB, maxFiles: max });
    if (rule) {
      setProblem(rule);
      return;
    }
    if (files.some((f) => !f.type.startsWith('image/'))) {
      setProblem(t('field.photos.images_only'));
      return;
    }
    setBusy(true);
    try {
      const added: PickedPhoto[] = [];
      for (const file of files) {
        const blob = await compressImage(file);
        added.push({ id: crypto.randomUUID(), blob, url: URL.createObjectURL(blob) });
      }
      onChange([...photos, ...added]);
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const remove = (id: string) => {
    const gone = photos.find((p) => p.id === id);
    if (gone) URL.revokeObjectURL(gone.url);
    onChange(photos.filter((p) => p.id !== id));
  };

  const shown = problem ?? error ?? null;
  return (
    <Field.Root invalid={shown !== null}>
      <Field.Label htmlFor={inputId}>{label}</Field.Label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/*"
        capture="environment"
        multiple={max > 1}
        data-testid={testId}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          e.currentTarget.value = '';
          if (files.length > 0) void add(files);
        }}
      />
      <HStack gap="2" wrap="wrap">
        {photos.map((p, i) => (
          <Box key={p.id} position="relative" data-testid="photo-thumb">
            <Image src={p.url} alt={t('field.photos.photo_n', { n: i + 1 })} boxSize="16" objectFit="cover" rounded="md" borderWidth="1px" />
            <CloseButton size="2xs" position="absolute" top="-1" insetEnd="-1" bg="bg" rounded="full" aria-label={t('field.photos.remove_n', { n: i + 1 })} onClick={() => remove(p.id)} />
          </Box>
        ))}
        {photos.length < max && (
          <Button variant="outline" size="sm" h="16" onClick={() => input.current?.click()} disabled={busy}>
            {busy ? <Spinner size="sm" /> : <Camera aria-hidden />}
            {t('field.photos.take')}
          </Button>
        )}
      </HStack>
      {photos.length > 0 && (
        <Text fontSize="xs" color="fg.muted">
          {t('field.photos.size', { kb: Math.round(photos.reduce((n, p) => n + p.blob.size, 0) / 1024) })}
        </Text>
      )}
      {shown && <Field.ErrorText>{shown}</Field.ErrorText>}
    </Field.Root>
  );
}
