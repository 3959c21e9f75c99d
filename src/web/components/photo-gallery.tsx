/**
 * Thumbnails of stored photos that open a larger view with previous / next (buttons and arrow
 * keys): a field visit's photos for the reviewer (issue 5), a repossession step's photos on the
 * desk (issue 16). Photos need the auth headers, so each one (1-based `n`) is fetched as a Blob by
 * the caller's `load` and shown through an object URL revoked when it is no longer shown.
 */
import { Box, Button, CloseButton, Dialog, Flex, Image, Portal, SimpleGrid, Skeleton, Text, type SimpleGridProps } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

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

export interface PhotoGalleryProps {
  /** How many photos (1..count). */
  count: number;
  /** Query key prefix identifying the photos' owner (operation, company, ids); `n` is appended. */
  queryKey: readonly unknown[];
  /** Fetches photo `n` (1-based) as a Blob; false `enabled` waits (no company yet). */
  load: (n: number, signal: AbortSignal) => Promise<Blob>;
  enabled?: boolean;
  /** Texts in the caller's words: the viewer's title and a thumbnail's accessible name ("Photo 2 of 3"), and a failed load. */
  texts: { photoOf: (n: number, count: number) => string; open: (n: number, count: number) => string; failed: string };
  /** Accessible name of the thumbnail list. */
  label?: string;
  columns?: SimpleGridProps['columns'];
  /** Thumbnail height (Chakra size token). */
  thumbHeight?: string;
  testId?: string;
  viewerTestId?: string;
  listProps?: SimpleGridProps;
}

function Photo({ gallery, n, alt, large }: { gallery: PhotoGalleryProps; n: number; alt: string; large?: boolean }) {
  const photo = useQuery({
    queryKey: [...gallery.queryKey, n],
    queryFn: ({ signal }) => gallery.load(n, signal),
    enabled: gallery.enabled ?? true,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
  });
  const src = useObjectUrl(photo.data);
  const height = large ? { base: '60vh', md: '70vh' } : (gallery.thumbHeight ?? '24');
  if (photo.isError)
    return (
      <Flex height={height} align="center" justify="center" direction="column" gap="1" bg="bg.muted" rounded="md" color="fg.muted" fontSize="xs" role="img" aria-label={gallery.texts.failed}>
        <ImageOff aria-hidden />
        {large && <Text>{gallery.texts.failed}</Text>}
      </Flex>
    );
  if (!src) return <Skeleton height={height} rounded="md" />;
  return <Image src={src} alt={alt} height={height} width="full" objectFit={large ? 'contain' : 'cover'} rounded="md" bg={large ? 'black' : undefined} />;
}

/** The thumbnails and the viewer dialog. Renders nothing for `count` 0 (callers say "no photos" their own way). */
export function PhotoGallery(gallery: PhotoGalleryProps) {
  const { t } = useTranslation();
  const { count, texts } = gallery;
  const [open, setOpen] = useState<number | null>(null);
  if (count === 0) return null;
  const step = (by: number) => setOpen((n) => ((((n ?? 1) - 1 + by + count) % count) + 1));
  return (
    <>
      <SimpleGrid as="ul" columns={gallery.columns ?? { base: 3, md: 4 }} gap="2" listStyleType="none" m="0" p="0" aria-label={gallery.label} data-testid={gallery.testId} {...gallery.listProps}>
        {Array.from({ length: count }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <Box asChild display="block" width="full" rounded="md" overflow="hidden" cursor="zoom-in" _focusVisible={{ outline: '2px solid', outlineColor: 'blue.focusRing', outlineOffset: '2px' }}>
              <button type="button" onClick={() => setOpen(n)} aria-label={texts.open(n, count)}>
                <Photo gallery={gallery} n={n} alt="" />
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
              data-testid={gallery.viewerTestId}
              onKeyDown={(e) => {
                if (e.key === 'ArrowRight') step(1);
                if (e.key === 'ArrowLeft') step(-1);
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{texts.photoOf(open ?? 1, count)}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{open !== null && <Photo gallery={gallery} n={open} alt={texts.photoOf(open, count)} large />}</Dialog.Body>
              {count > 1 && (
                <Dialog.Footer justifyContent="space-between">
                  <Button variant="outline" size="sm" onClick={() => step(-1)}>
                    <ChevronLeft aria-hidden /> {t('common.previous')}
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => step(1)}>
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
