/**
 * The receipt handed to the borrower (issue 4 "Receipt ... shareable with the borrower (text and a
 * PDF or printable page)"): the receipt card, Share (the phone's share sheet when present, else
 * the text is copied with spec 5's 'copied.' toast) and Print (the browser's print dialog, which
 * also saves a PDF; the print stylesheet leaves only the receipt on the page).
 */
import { Badge, Button, Card, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Copy, Printer, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PaymentMode } from '../../../../domain/field/dispositions';
import { toaster } from '../../../lib/toaster';
import { bodyMinor, formatWhen, moneyMinor } from '../format';
import { receiptText, type ReceiptLabels, type ReceiptView } from './receipt-text';

// Printing shows the receipt alone: the app chrome, the sync bar and the buttons are hidden.
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  [data-print-area], [data-print-area] * { visibility: visible !important; }
  [data-print-area] { position: absolute !important; inset: 0 auto auto 0 !important; width: 100% !important; box-shadow: none !important; border: none !important; }
  .no-print { display: none !important; }
}`;

export function ReceiptPanel({ receipt, queued }: { receipt: ReceiptView; queued: boolean }) {
  const { t, i18n } = useTranslation();
  const modeName = (mode: PaymentMode) => t(`field.receipt.mode.${mode}`);
  const labels: ReceiptLabels = {
    title: t('field.receipt.title'),
    receiptNumber: t('field.receipt.number'),
    loan: t('field.receipt.loan'),
    borrower: t('field.receipt.borrower'),
    amount: t('field.receipt.amount'),
    mode: t('field.receipt.payment_mode'),
    instrument: t('field.receipt.instrument'),
    bank: t('field.receipt.bank'),
    payer: t('field.receipt.payer'),
    date: t('field.receipt.date'),
    collectedBy: t('field.receipt.collected_by'),
    modeName,
  };
  const text = receiptText(receipt, labels, i18n.language);

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: `${labels.title} ${receipt.receipt_number}`, text });
        return;
      } catch (e) {
        // The user closed the share sheet: nothing to do. Other failures fall back to copying.
        if (e instanceof DOMException && e.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(text);
      toaster.create({ type: 'success', title: 'copied.' });
    } catch {
      toaster.create({ type: 'error', title: t('field.receipt.copy_failed') });
    }
  };

  const rows: Array<[string, string | null]> = [
    [labels.loan, receipt.loan_id],
    [labels.borrower, receipt.applicant_name],
    [labels.mode, modeName(receipt.payment_mode)],
    [labels.instrument, receipt.instrument_number],
    [labels.bank, receipt.bank_name],
    [labels.payer, receipt.payer_name],
    [labels.date, formatWhen(receipt.collected_at, i18n.language, new Date(0))],
    [labels.collectedBy, receipt.executive_name],
  ];

  return (
    <Stack gap="3">
      <style>{PRINT_CSS}</style>
      <Card.Root data-print-area data-testid="receipt">
        <Card.Header pb="0">
          <Text fontSize="sm" color="fg.muted">
            {receipt.company_name}
          </Text>
          <Heading as="h2" size="lg">
            {labels.title}
          </Heading>
          <HStack justify="space-between" wrap="wrap">
            <Text fontFamily="mono" fontWeight="semibold" data-testid="receipt-number">
              {receipt.receipt_number}
            </Text>
            {queued && (
              <Badge colorPalette="blue" className="no-print">
                {t('field.receipt.waiting_sync')}
              </Badge>
            )}
          </HStack>
        </Card.Header>
        <Card.Body gap="3">
          <Text fontSize="3xl" fontWeight="bold" data-testid="receipt-amount">
            {moneyMinor(bodyMinor(receipt), receipt.currency)}
          </Text>
          <DataList.Root orientation="horizontal" size="sm">
            {rows
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <DataList.Item key={label}>
                  <DataList.ItemLabel minW="28">{label}</DataList.ItemLabel>
                  <DataList.ItemValue>{value}</DataList.ItemValue>
                </DataList.Item>
              ))}
          </DataList.Root>
          <Text fontSize="xs" color="fg.muted">
            {t('field.receipt.footer')}
          </Text>
        </Card.Body>
      </Card.Root>
      <HStack gap="2" className="no-print">
        <Button flex="1" colorPalette="blue" onClick={() => void share()}>
          {typeof navigator.share === 'function' ? <Share2 aria-hidden /> : <Copy aria-hidden />}
          {typeof navigator.share === 'function' ? t('field.receipt.share') : t('field.receipt.copy')}
        </Button>
        <Button flex="1" variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden /> {t('field.receipt.print')}
        </Button>
      </HStack>
    </Stack>
  );
}
