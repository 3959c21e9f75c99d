/**
 * A repossession field step's photos on the desk case panel (issue 16: police intimation documents,
 * the asset): thumbnails that open a larger view with previous / next (the kernel's PhotoGallery).
 * Each photo (repossessionStepPhoto, 1-based, `photo_count` of them) is fetched with the auth
 * headers as a Blob.
 */
import { useTranslation } from 'react-i18next';
import { repossessionStepPhoto } from '../../../domain/contracts/repossession/cases';
import { PhotoGallery } from '../../components/photo-gallery';
import { download } from '../../lib/endpoint';

/** The photos of one step (`count` = its photo_count); nothing when it has none. */
export function StepPhotos({ companyId, caseId, stepId, count }: { companyId: string | null; caseId: string; stepId: string; count: number }) {
  const { t } = useTranslation();
  return (
    <PhotoGallery
      count={count}
      queryKey={[repossessionStepPhoto.operation, companyId, caseId, stepId]}
      load={async (n, signal) => (await download(repossessionStepPhoto, { params: { case_id: caseId, step_id: stepId, n }, query: { company_id: companyId ?? undefined }, signal })).blob}
      enabled={Boolean(companyId)}
      texts={{ photoOf: (n, total) => t('repo.photo_of', { n, count: total }), open: (n, total) => t('repo.open_photo', { n, count: total }), failed: t('repo.photo_failed') }}
      label={t('repo.step_photos')}
      columns={{ base: 4, md: 6 }}
      thumbHeight="16"
      testId="step-photos"
      viewerTestId="step-photo-viewer"
      listProps={{ mt: '1', maxW: 'md' }}
    />
  );
}
