/**
 * A repossession field step's photos on the desk case panel (issue 16: police intimation documents,
 * the asset): thumbnails that open a larger view with previous / next (arrow keys too). Photos need
 * the auth headers, so each (repossessionStepPhoto, 1-based, `photo_count` of them) is fetched as a
 * Blob and shown through an object URL revoked when no longer shown.
 */
import { Box, Button, CloseButton, Dialog, Flex, Image, Portal, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { repossessionStepPhoto } from '../../../domain/contracts/repossession/cases';
import { download } from '../../lib/endpoint';

interface PhotoRef {
  companyId: string | null;
  caseId: string;
  stepId: string;
}

function usePhoto({ companyId, caseId, stepId }: PhotoRef, n: number) {
  return useQuery({
    queryKey: [repossessionStepPhoto.operation, companyId, caseId, stepId, n],
    queryFn: async ({ signal }) => (await download(repossessionStepPhoto, { params: { case_id: caseId, step_id: stepId, n }, query: { company_id: companyId ?? undefined }, signal })).blob,
    enabled: Boolean(companyId),
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
  });
}

function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

function Photo({ at, n, alt, large }: { at: PhotoRef; n: number; alt: string; large?: boolean }) {
  const { t } = useTranslation();
  const photo = usePhoto(at, n);
  const src = useObjectUrl(photo.data);
  const height = large ? { base: '60vh', md: '70vh' } : '16';
  if (photo.isError)
    return (
      <Flex height={height} align="center" justify="center" direction="column" gap="1" bg="bg.muted" rounded="md" color="fg.muted" fontSize="xs" role="img" aria-label={t('repo.photo_failed')}>
        <ImageOff aria-hidden />
        {large && <Text>{t('repo.photo_failed')}</Text>}
      </Flex>
    );
  if (!src) return <Skeleton height={height} rounded="md" />;
  return <Image src={src} alt={alt} height={height} width="full" objectFit={large ? 'contain' : 'cover'} rounded="md" bg={large ? 'black' : undefined} />;
}

/** The photos of one step (`count` = its photo_count); nothing when it has none. */
export function StepPhotos({ companyId, caseId, stepId, count }: PhotoRef & { count: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  if (count === 0) return null;
  const at = { companyId, caseId, stepId };
  const ns = Array.from({ length: count }, (_, i) => i + 1);
  return (
    <>
      <SimpleGrid as="ul" columns={{ base: 4, md: 6 }} gap="2" listStyleType="none" m="0" mt="1" p="0" maxW="md" aria-label={t('repo.step_photos')} data-testid="step-photos">
        {ns.map((n) => (
          <li key={n}>
            <Box asChild display="block" width="full" rounded="md" overflow="hidden" cursor="zoom-in" _focusVisible={{ outline: '2px solid', outlineColor: 'blue.focusRing', outlineOffset: '2px' }}>
              <button type="button" onClick={() => setOpen(n)} aria-label={t('repo.open_photo', { n, count })}>
                <Photo at={at} n={n} alt="" />
              </button>
            </Box>
          </li>
        ))}
      </SimpleGrid>
      <Dialog.Root open={open !== null} onOpenChange={(e) => !e.open && setOpen(null)} size="xl" placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content
              data-testid="step-photo-viewer"
              onKeyDown={(e) => {
                if (open === null) return;
                if (e.key === 'ArrowRight') setOpen((open % count) + 1);
                if (e.key === 'ArrowLeft') setOpen(((open - 2 + count) % count) + 1);
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{t('repo.photo_of', { n: open ?? 1, count })}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{open !== null && <Photo at={at} n={open} alt={t('repo.photo_of', { n: open, count })} large />}</Dialog.Body>
              {count > 1 && (
                <Dialog.Footer justifyContent="space-between">
                  <Button variant="outline" size="sm" onClick={() => setOpen((((open ?? 1) - 2 + count) % count) + 1)}>
                    <ChevronLeft aria-hidden /> {t('repo.previous')}
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => setOpen(((open ?? 1) % count) + 1)}>
                    {t('repo.next')} <ChevronRight aria-hidden />
                  </Button>
                </Dialog.Footer>
              )}
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('repo.close')} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
