/**
 * A visit's photos for the reviewer (issue 5): thumbnails that open a larger view with previous /
 * next. Photos need the auth headers, so each one (visitPhoto, 1-based, as many as the visit's
 * `photo_urls`) is fetched as a Blob (api.ts `useVisitPhoto`) and shown through an object URL
 * revoked when it is no longer shown.
 */
import { Box, Button, CloseButton, Dialog, Flex, Image, Portal, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVisitPhoto } from './api';

/** An object URL of `blob`, revoked when the blob changes or the component goes. */
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

function Photo({ companyId, visitId, n, alt, large }: { companyId: string | null; visitId: string; n: number; alt: string; large?: boolean }) {
  const { t } = useTranslation();
  const photo = useVisitPhoto(companyId, visitId, n);
  const src = useObjectUrl(photo.data);
  const height = large ? { base: '60vh', md: '70vh' } : '24';
  if (photo.isError)
    return (
      <Flex height={height} align="center" justify="center" direction="column" gap="1" bg="bg.muted" rounded="md" color="fg.muted" fontSize="xs" role="img" aria-label={t('verification.photo_failed')}>
        <ImageOff aria-hidden />
        {large && <Text>{t('verification.photo_failed')}</Text>}
      </Flex>
    );
  if (!src) return <Skeleton height={height} rounded="md" />;
  return <Image src={src} alt={alt} height={height} width="full" objectFit={large ? 'contain' : 'cover'} rounded="md" bg={large ? 'black' : undefined} />;
}

/** The photos of a visit: `urls` are its `photo_urls` (the n-th is photo n). */
export function VisitPhotos({ companyId, visitId, urls }: { companyId: string | null; visitId: string; urls: readonly string[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  if (urls.length === 0) return <Text color="fg.muted" fontSize="sm">{t('verification.no_photos')}</Text>;
  const current = open === null ? null : urls[open];
  return (
    <>
      <SimpleGrid as="ul" columns={{ base: 3, md: 4 }} gap="2" listStyleType="none" m="0" p="0" data-testid="visit-photos">
        {urls.map((url, i) => (
          <li key={url}>
            <Box asChild display="block" width="full" rounded="md" overflow="hidden" cursor="zoom-in" _focusVisible={{ outline: '2px solid', outlineColor: 'blue.focusRing', outlineOffset: '2px' }}>
              <button type="button" onClick={() => setOpen(i)} aria-label={t('verification.open_photo', { n: i + 1, count: urls.length })}>
                <Photo companyId={companyId} visitId={visitId} n={i + 1} alt="" />
              </button>
            </Box>
          </li>
        ))}
      </SimpleGrid>
      <Dialog.Root open={current !== null} onOpenChange={(e) => !e.open && setOpen(null)} size="xl" placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content
              onKeyDown={(e) => {
                if (open === null) return;
                if (e.key === 'ArrowRight') setOpen((open + 1) % urls.length);
                if (e.key === 'ArrowLeft') setOpen((open - 1 + urls.length) % urls.length);
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{t('verification.photo_of', { n: (open ?? 0) + 1, count: urls.length })}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{current && <Photo companyId={companyId} visitId={visitId} n={(open ?? 0) + 1} alt={t('verification.photo_of', { n: (open ?? 0) + 1, count: urls.length })} large />}</Dialog.Body>
              {urls.length > 1 && (
                <Dialog.Footer justifyContent="space-between">
                  <Button variant="outline" size="sm" onClick={() => setOpen(((open ?? 0) - 1 + urls.length) % urls.length)}>
                    <ChevronLeft aria-hidden /> {t('common.previous')}
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => setOpen(((open ?? 0) + 1) % urls.length)}>
                    {t('common.next')} <ChevronRight aria-hidden />
                  </Button>
                </Dialog.Footer>
              )}
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('common.close')} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
