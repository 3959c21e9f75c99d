/**
 * A visit's photos for the reviewer (issue 5): thumbnails that open a larger view with previous /
 * next (the kernel's PhotoGallery). Each photo (visitPhoto, 1-based, as many as the visit's
 * `photo_urls`) is fetched with the auth headers as a Blob.
 */
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { visitPhoto } from '../../../../domain/contracts/field/visits';
import { PhotoGallery } from '../../../components/photo-gallery';
import { download } from '../../../lib/endpoint';

/** The photos of a visit: `urls` are its `photo_urls` (the n-th is photo n). */
export function VisitPhotos({ companyId, visitId, urls }: { companyId: string | null; visitId: string; urls: readonly string[] }) {
  const { t } = useTranslation();
  if (urls.length === 0) return <Text color="fg.muted" fontSize="sm">{t('verification.no_photos')}</Text>;
  return (
    <PhotoGallery
      count={urls.length}
      queryKey={[visitPhoto.operation, companyId, visitId]}
      load={async (n, signal) => (await download(visitPhoto, { params: { visit_id: visitId, n }, query: { company_id: companyId ?? undefined }, signal })).blob}
      enabled={Boolean(companyId)}
      texts={{ photoOf: (n, count) => t('verification.photo_of', { n, count }), open: (n, count) => t('verification.open_photo', { n, count }), failed: t('verification.photo_failed') }}
      testId="visit-photos"
    />
  );
}
