/**
 * Document upload (`/app/document-upload`, issue 4 "KYC and address proof against a loan, with
 * spec 5's blocked extensions and size messages"): pick a loan of the allocation, the document
 * type and a file (camera or storage); spec 5 is checked here on the original file, pictures are
 * compressed, and the upload goes into the outbox (POST /api/document/uploads when online).
 */
import { Badge, Box, Button, Card, Field, Flex, Heading, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { FileUp } from 'lucide-react';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DOCUMENT_MAX_FILE_MB, DOCUMENT_TYPES, type DocumentType } from '../../../../domain/contracts/field/documents';
import { checkUploads, containsMarkup } from '../../../../domain/validation/rules';
import { enqueue } from '../../../../offline/outbox';
import { compressImage } from '../../../../offline/photos';
import { useShell } from '../../../lib/shell-context';
import { EmptyState, LoadingState } from '../../../components/query-state';
import { toaster } from '../../../lib/toaster';
import { useCachedAllocation, useOutbox } from '../field-data';
import { formatFileSize } from '../../../../domain/common/file-size';
import { formatWhen } from '../format';
import { useFieldIdentity } from '../use-field-identity';

export default function DocumentUploadScreen() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const { companyId } = useShell();
  const { userId, ready } = useFieldIdentity();
  const allocation = useCachedAllocation(userId, companyId);
  const outbox = useOutbox(userId, companyId);
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [loanId, setLoanId] = useState(params.get('loan_id') ?? '');
  const [type, setType] = useState<DocumentType>('kyc');
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const loans = useMemo(() => [...(allocation?.loans ?? [])].sort((a, b) => (a.applicant_name ?? '').localeCompare(b.applicant_name ?? '')), [allocation]);
  const queued = (outbox ?? []).filter((item) => item.kind === 'document');

  const pick = (picked: File | null) => {
    setFile(null);
    if (!picked) return;
    // Spec 5 on the file as chosen: blocked extensions, then 'File size exceeds limit of 10MB'.
    const rule = checkUploads([{ name: picked.name, size: picked.size }], { maxSizeMb: DOCUMENT_MAX_FILE_MB, maxFiles: 1 });
    setErrors((e) => ({ ...e, file: rule ?? '' }));
    if (!rule) setFile(picked);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    const loan = loans.find((l) => l.loan_id === loanId);
    if (!loan) problems.loan = t('field.errors.required');
    if (!file) problems.file = errors.file || t('field.documents.file_required');
    if (containsMarkup(description)) problems.description = t('field.errors.markup');
    setErrors(problems);
    if (!loan || !file || Object.keys(problems).length > 0) return;
    setSaving(true);
    try {
      // Camera pictures are compressed like visit photos; PDFs and others go as they are.
      const isPicture = /^image\/(jpeg|png|webp|heic|heif)$/.test(file.type);
      const blob = isPicture ? await compressImage(file) : file;
      const name = isPicture && blob !== file ? file.name.replace(/\.[^.]+$/, '') + '.jpg' : file.name;
      const body = { loan_id: loan.loan_id, allocation_month: loan.allocation_month, document_type: type, description: description.trim() };
      await enqueue('document', {
        body,
        files: [{ name, type: blob.type || 'application/octet-stream', blob }],
        loanId: loan.loan_id,
        summary: `${t('field.sync.kind_document')} · ${loan.applicant_name ?? loan.loan_id} · ${t(`field.documents.type.${type}`)}`,
      });
      toaster.create({ type: 'success', title: t('field.documents.saved') });
      setFile(null);
      setDescription('');
      if (fileInput.current) fileInput.current.value = '';
    } catch (e) {
      toaster.create({ type: 'error', title: e instanceof Error ? e.message : String(e) });
    } finally {
      setSaving(false);
    }
  };

  if (!ready || allocation === undefined) return <LoadingState />;

  return (
    <Stack gap="4" maxW="2xl">
      <Heading as="h1" size="xl">
        {t('field.documents.title')}
      </Heading>
      {loans.length === 0 ? (
        <EmptyState>{t('field.documents.no_loans')}</EmptyState>
      ) : (
        <Card.Root size="sm">
          <Card.Body p="3">
            <Stack asChild gap="3">
              <form noValidate onSubmit={(e) => void submit(e)} aria-label={t('field.documents.title')}>
                <Field.Root invalid={Boolean(errors.loan)} required>
                  <Field.Label>
                    {t('field.documents.loan')}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field value={loanId} onChange={(e) => setLoanId(e.currentTarget.value)} data-testid="document-loan">
                      <option value="">{t('field.form.choose')}</option>
                      {loans.map((l) => (
                        <option key={l.loan_id} value={l.loan_id}>
                          {l.applicant_name ?? '—'} · {l.loan_id}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  {errors.loan && <Field.ErrorText>{errors.loan}</Field.ErrorText>}
                </Field.Root>
                <Field.Root required>
                  <Field.Label>{t('field.documents.document_type')}</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field value={type} onChange={(e) => setType(DOCUMENT_TYPES.find((d) => d === e.currentTarget.value) ?? type)}>
                      {DOCUMENT_TYPES.map((d) => (
                        <option key={d} value={d}>
                          {t(`field.documents.type.${d}`)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <Field.Root invalid={Boolean(errors.description)}>
                  <Field.Label>{t('field.documents.description')}</Field.Label>
                  <Input value={description} maxLength={200} onChange={(e) => setDescription(e.currentTarget.value)} />
                  {errors.description && <Field.ErrorText>{errors.description}</Field.ErrorText>}
                </Field.Root>
                <Field.Root invalid={Boolean(errors.file)} required>
                  <Field.Label htmlFor={fileId}>
                    {t('field.documents.file')}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <input ref={fileInput} id={fileId} type="file" data-testid="document-file" onChange={(e) => pick(e.currentTarget.files?.[0] ?? null)} />
                  <Field.HelperText>{t('field.documents.limit', { mb: DOCUMENT_MAX_FILE_MB })}</Field.HelperText>
                  {file && (
                    <Text fontSize="sm">
                      {file.name} · {formatFileSize(file.size)}
                    </Text>
                  )}
                  {errors.file && <Field.ErrorText data-testid="document-file-error">{errors.file}</Field.ErrorText>}
                </Field.Root>
                <Button type="submit" colorPalette="blue" loading={saving}>
                  <FileUp aria-hidden /> {t('field.documents.upload')}
                </Button>
              </form>
            </Stack>
          </Card.Body>
        </Card.Root>
      )}
      {queued.length > 0 && (
        <Box>
          <Heading as="h2" size="md" mb="2">
            {t('field.documents.queued')}
          </Heading>
          <Stack as="ul" listStyleType="none" m="0" p="0" gap="2">
            {queued.map((item) => (
              <Card.Root as="li" key={item.idempotency_key} size="sm" data-testid="queued-document">
                <Card.Body p="3">
                  <Flex justify="space-between" gap="2" align="start">
                    <Box minW="0">
                      <Text fontSize="sm" fontWeight="medium" truncate>
                        {item.summary}
                      </Text>
                      <Text fontSize="xs" color={item.status === 'failed' ? 'red.fg' : 'fg.muted'}>
                        {item.status === 'failed' ? item.last_error : formatWhen(item.created_at, i18n.language)}
                      </Text>
                    </Box>
                    <Badge colorPalette={item.status === 'failed' ? 'red' : 'blue'}>{item.status === 'failed' ? t('field.past.failed') : t('field.past.waiting')}</Badge>
                  </Flex>
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
