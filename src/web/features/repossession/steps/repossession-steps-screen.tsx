/**
 * The repossession agent's field steps (`/app/repossession-steps`, issue 16 "The agent's field steps
 * on the phone, offline-capable through the existing outbox"): the agent's assigned cases, copied to
 * the phone when online (so they open offline), and the next step's form — police intimation before,
 * the repossession itself (time, place, photos, condition checklist, odometer, belongings), police
 * intimation after, the handover at the yard. A step goes into the outbox (kind
 * 'repossession_step'); the drain sends it once, by its Idempotency-Key. Steps still queued move the
 * case on here, so the agent can record the next one offline. The phone's GPS fix (optional, with a
 * timeout; the save never waits for it) goes with the step as latitude/longitude. Plain React and
 * CSS (decision 006).
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { myRepossessions, type RepossessionDetail } from '../../../../domain/contracts/repossession/cases';
import { afterStep, CONDITION_ITEMS, FIELD_STEPS, REPOSSESSION_STATUSES, STEP_MAX_PHOTOS, STEP_MOVES, type ConditionItem, type FieldStep, type RepossessionStage, type RepossessionStatus } from '../../../../domain/repossession/rules';
import { META_KEYS, getMeta, type OfflineSession } from '../../../../offline/db';
import { enqueue, outboxItems } from '../../../../offline/outbox';
import { compressImage } from '../../../../offline/photos';
import { EmptyState, InlineAlert, LoadingState } from '../../../components/plain';
import { call } from '../../../lib/endpoint';
import { useShell } from '../../../lib/shell-context';
import { useOfflineRead } from '../../../lib/use-offline-read';
import { devicePosition, type DeviceFix, type FixFailure } from '../../../lib/geolocation';
import './repo-steps.css';

interface CachedCases {
  cases: RepossessionDetail[];
  savedAt: string;
}
const cacheKey = (companyId: string, userId: string) => `ro:repossession-cases:${companyId}:${userId}`;
function readCache(companyId: string, userId: string): CachedCases | null {
  try {
    const raw = localStorage.getItem(cacheKey(companyId, userId));
    return raw ? (JSON.parse(raw) as CachedCases) : null;
  } catch {
    return null;
  }
}

/** Who records: the loaded profile, or (reloaded offline) the offline session saved at sign-in. */
function useAgent(): { userId: string | null; companyId: string | null; ready: boolean } {
  const { profile, companyId } = useShell();
  const stored = useOfflineRead(() => getMeta<OfflineSession>(META_KEYS.session).then((s) => s ?? false), [], ['meta']);
  if (profile) return { userId: profile.user_id, companyId, ready: true };
  return { userId: stored ? stored.user_id : null, companyId: companyId ?? (stored ? stored.company_id : null), ready: stored !== undefined };
}

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    addEventListener('online', up);
    addEventListener('offline', down);
    return () => {
      removeEventListener('online', up);
      removeEventListener('offline', down);
    };
  }, []);
  return online;
}

/** The agent's cases: the phone's copy at once, refreshed from the server when online. */
function useCases(companyId: string | null, userId: string | null, online: boolean, queuedCount: number) {
  const [data, setData] = useState<CachedCases | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!companyId || !userId) return;
    setData(readCache(companyId, userId));
    if (!online) return;
    let live = true;
    call(myRepossessions, { query: { company_id: companyId } })
      .then((r) => {
        const fresh = { cases: r.cases, savedAt: new Date().toISOString() };
        localStorage.setItem(cacheKey(companyId, userId), JSON.stringify(fresh));
        if (live) setData(fresh);
      })
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
    // Refetched when a queued step has been sent, so the server's stage shows.
  }, [companyId, userId, online, queuedCount]);
  return { data, error };
}

/** The form's state for one step. */
interface Draft {
  occurred_at: string;
  place: string;
  police_station: string;
  reference: string;
  outcome: RepossessionStatus | '';
  condition: Partial<Record<ConditionItem, boolean>>;
  odometer: string;
  belongings: string;
  yard_name: string;
  remarks: string;
}
const localNow = () => {
  const d = new Date();
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const emptyDraft = (): Draft => ({ occurred_at: localNow(), place: '', police_station: '', reference: '', outcome: '', condition: {}, odometer: '', belongings: '', yard_name: '', remarks: '' });
/** 'YYYY-MM-DDTHH:mm' in the phone's zone → ISO 8601 with the phone's offset. */
function withOffset(local: string): string {
  const d = new Date(local);
  const off = -d.getTimezoneOffset();
  const sign = off >= 0 ? '+' : '-';
  const hh = String(Math.floor(Math.abs(off) / 60)).padStart(2, '0');
  const mm = String(Math.abs(off) % 60).padStart(2, '0');
  return `${local}:00.000${sign}${hh}:${mm}`;
}

function StepForm({ c, step, onSaved }: { c: RepossessionDetail; step: FieldStep; onSaved: () => void }) {
  const { t } = useTranslation();
  const [d, setD] = useState<Draft>(emptyDraft);
  const [photos, setPhotos] = useState<Blob[]>([]);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft | 'save', string>>>({});
  const [saving, setSaving] = useState(false);
  // GPS, asked for when the form opens; optional: the save never waits for it.
  const [gps, setGps] = useState<{ fix: DeviceFix } | { failure: FixFailure } | 'locating'>('locating');
  const locate = () => {
    setGps('locating');
    void devicePosition(15_000, 60_000).then(setGps);
  };
  useEffect(locate, []);
  const set = (k: keyof Draft) => (e: { currentTarget: { value: string } }) => setD({ ...d, [k]: e.currentTarget.value });
  const police = step === 'police_before' || step === 'police_after';

  const addPhotos = async (files: File[]) => {
    const picked = files.filter((f) => f.type.startsWith('image/')).slice(0, STEP_MAX_PHOTOS - photos.length);
    const blobs: Blob[] = [];
    for (const f of picked) blobs.push(await compressImage(f));
    setPhotos((p) => [...p, ...blobs]);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems: typeof errors = {};
    const required = t('repo_field.required');
    if (!d.occurred_at) problems.occurred_at = required;
    if (police && !d.police_station.trim()) problems.police_station = required;
    if (step === 'repossession') {
      if (!d.outcome) problems.outcome = required;
      if (!d.place.trim()) problems.place = required;
    }
    if (step === 'yard_handover' && !d.yard_name.trim()) problems.yard_name = required;
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    try {
      const success = step === 'repossession' && d.outcome === 'success';
      const body = {
        case_id: c.case_id,
        step,
        occurred_at: withOffset(d.occurred_at),
        place: d.place.trim() || null,
        latitude: typeof gps === 'object' && 'fix' in gps ? gps.fix.latitude : null,
        longitude: typeof gps === 'object' && 'fix' in gps ? gps.fix.longitude : null,
        police_station: d.police_station.trim() || null,
        reference: d.reference.trim() || null,
        outcome: step === 'repossession' && d.outcome ? d.outcome : null,
        condition: success ? Object.fromEntries(CONDITION_ITEMS.map((i) => [i, Boolean(d.condition[i])])) : null,
        odometer_km: success && d.odometer ? Number(d.odometer) : null,
        belongings: success ? d.belongings.split('\n').map((l) => l.trim()).filter(Boolean) : [],
        yard_name: step === 'yard_handover' ? d.yard_name.trim() : null,
        remarks: d.remarks.trim() || null,
      };
      await enqueue('repossession_step', {
        body,
        files: photos.map((blob, i) => ({ name: `${step}-${i + 1}.jpg`, type: blob.type || 'image/jpeg', blob })),
        loanId: c.loan_id,
        summary: `${t(`repo_field.step.${step}`)} · ${c.loan_id}`,
      });
      setD(emptyDraft());
      setPhotos([]);
      onSaved();
    } catch (err) {
      setErrors({ save: err instanceof Error ? err.message : String(err) });
    } finally {
      setSaving(false);
    }
  };

  const field = (k: keyof Draft, label: string, input: React.ReactNode) => (
    <label className="rs-field" data-invalid={Boolean(errors[k])}>
      <span>{label}</span>
      {input}
      {errors[k] && <span className="rs-error">{errors[k]}</span>}
    </label>
  );

  return (
    <form className="rs-card rs-form" noValidate onSubmit={(e) => void submit(e)} aria-label={t(`repo_field.step.${step}`)}>
      <h2>
        {t('repo_field.next_step')}: {t(`repo_field.step.${step}`)}
      </h2>
      {field('occurred_at', t('repo_field.occurred_at'), <input type="datetime-local" value={d.occurred_at} onChange={set('occurred_at')} data-testid="rs-occurred-at" />)}
      {field('place', t('repo_field.place'), <input value={d.place} maxLength={300} onChange={set('place')} data-testid="rs-place" />)}
      <p className="rs-muted rs-gps" role="status" data-testid="rs-gps">
        {gps === 'locating'
          ? t('repo_field.gps_locating')
          : 'fix' in gps
            ? t('repo_field.gps_fix', { lat: gps.fix.latitude.toFixed(5), lng: gps.fix.longitude.toFixed(5), m: gps.fix.accuracyM })
            : t(`repo_field.gps_none.${gps.failure}`)}
        {gps !== 'locating' && !('fix' in gps) && (
          <button type="button" className="rs-link" onClick={locate}>
            {t('repo_field.gps_retry')}
          </button>
        )}
      </p>
      {police && field('police_station', t('repo_field.police_station'), <input value={d.police_station} maxLength={200} onChange={set('police_station')} data-testid="rs-police-station" />)}
      {police && field('reference', t('repo_field.reference'), <input value={d.reference} maxLength={100} onChange={set('reference')} />)}
      {step === 'repossession' &&
        field(
          'outcome',
          t('repo_field.outcome'),
          <select value={d.outcome} onChange={set('outcome')} data-testid="rs-outcome">
            <option value="">—</option>
            {REPOSSESSION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`repo_field.outcome_v.${s}`)}
              </option>
            ))}
          </select>,
        )}
      {step === 'repossession' && d.outcome === 'success' && (
        <>
          <fieldset className="rs-checks">
            <legend>{t('repo_field.condition')}</legend>
            {CONDITION_ITEMS.map((i) => (
              <label key={i}>
                <input type="checkbox" checked={Boolean(d.condition[i])} onChange={(e) => setD({ ...d, condition: { ...d.condition, [i]: e.currentTarget.checked } })} />
                {t(`repo_field.condition_item.${i}`)}
              </label>
            ))}
          </fieldset>
          {field('odometer', t('repo_field.odometer'), <input inputMode="numeric" value={d.odometer} onChange={(e) => setD({ ...d, odometer: e.currentTarget.value.replace(/\D/g, '') })} data-testid="rs-odometer" />)}
          {field('belongings', t('repo_field.belongings'), <textarea rows={3} value={d.belongings} onChange={set('belongings')} />)}
        </>
      )}
      {step === 'yard_handover' && field('yard_name', t('repo_field.yard_name'), <input value={d.yard_name} maxLength={200} onChange={set('yard_name')} data-testid="rs-yard" />)}
      <label className="rs-field">
        <span>{t('repo_field.photos')}</span>
        <input
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          data-testid="rs-photos"
          onChange={(e) => {
            const files = Array.from(e.currentTarget.files ?? []);
            e.currentTarget.value = '';
            void addPhotos(files);
          }}
        />
        {photos.length > 0 && <span className="rs-muted">{t('repo_field.photo_count', { count: photos.length })}</span>}
      </label>
      {field('remarks', t('repo_field.remarks'), <textarea rows={2} maxLength={2000} value={d.remarks} onChange={set('remarks')} />)}
      {errors.save && <p className="rs-error">{errors.save}</p>}
      <button className="rs-button" type="submit" disabled={saving} data-testid="rs-save">
        {t('repo_field.save')}
      </button>
    </form>
  );
}

export default function RepossessionStepsScreen() {
  const { t } = useTranslation();
  const { userId, companyId, ready } = useAgent();
  const online = useOnline();
  const queued = useOfflineRead(async () => (userId && companyId ? (await outboxItems(userId, companyId)).filter((i) => i.kind === 'repossession_step') : []), [userId, companyId], ['outbox']);
  const { data, error } = useCases(companyId, userId, online, queued?.length ?? 0);
  const [chosen, setChosen] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  // A case's stage with its queued steps applied (the agent records the next one offline).
  const stages = useMemo(() => {
    const out = new Map<string, RepossessionStage>();
    for (const c of data?.cases ?? []) {
      let stage: RepossessionStage = c.stage;
      for (const item of queued ?? []) {
        if (item.kind !== 'repossession_step' || item.body.case_id !== c.case_id) continue;
        const next = afterStep(stage, item.body.step, item.body.outcome ?? null);
        if ('stage' in next) stage = next.stage;
      }
      out.set(c.case_id, stage);
    }
    return out;
  }, [data, queued]);

  if (!ready || data === undefined) return <LoadingState />;
  const cases = data?.cases ?? [];
  const current = cases.find((c) => c.case_id === chosen) ?? (cases.length === 1 ? cases[0] : undefined);
  const stage = current ? stages.get(current.case_id) : undefined;
  const step = stage ? FIELD_STEPS.find((s) => STEP_MOVES[s].from === stage) : undefined;

  return (
    <div className="rs-screen">
      <h1>{t('repo_field.title')}</h1>
      {!online && data && <p className="rs-muted">{t('repo_field.offline_copy', { when: new Date(data.savedAt).toLocaleString() })}</p>}
      {error && !data && <InlineAlert status="error">{error}</InlineAlert>}
      {cases.length === 0 ? (
        <EmptyState>{t('repo_field.none')}</EmptyState>
      ) : (
        <ul className="rs-cases" aria-label={t('repo_field.choose')}>
          {cases.map((c) => (
            <li key={c.case_id}>
              <button
                type="button"
                className="rs-case"
                aria-pressed={current?.case_id === c.case_id}
                onClick={() => {
                  setChosen(c.case_id);
                  setSaved(false);
                }}
                data-testid="rs-case"
              >
                <strong>
                  {c.loan_id} · {c.applicant_name ?? '—'}
                </strong>
                <span className="rs-muted">
                  {c.asset_description}
                  {c.registration_number ? ` · ${c.registration_number}` : ''}
                </span>
                <br />
                <span className="rs-muted">
                  {t('repo_field.chassis')} {c.chassis_number} · {t('repo_field.engine')} {c.engine_number}
                </span>
                <br />
                <span className="rs-badge" data-testid="rs-stage">
                  {t(`repo_field.stage.${stages.get(c.case_id) ?? c.stage}`)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {saved && (
        <p className="rs-notice" role="status" data-testid="rs-saved">
          {t('repo_field.saved')}
        </p>
      )}
      {current && step && <StepForm key={`${current.case_id}-${step}`} c={current} step={step} onSaved={() => setSaved(true)} />}
      {current && !step && stage && <p className="rs-muted">{t('repo_field.all_done')}</p>}
      {(queued?.length ?? 0) > 0 && (
        <div className="rs-card">
          <h2>{t('repo_field.queued')}</h2>
          <ul className="rs-queue">
            {queued!.map((item) => (
              <li key={item.idempotency_key} data-testid="rs-queued">
                <span>{item.summary}</span>
                <span className="rs-badge" data-tone={item.status === 'failed' ? 'red' : 'orange'}>
                  {item.status === 'failed' ? (item.last_error ?? t('repo_field.failed')) : t('repo_field.queued')}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {current && current.steps.length > 0 && (
        <div className="rs-card">
          <h2>{t('repo_field.sent_steps')}</h2>
          <ul className="rs-queue">
            {current.steps.map((s) => (
              <li key={s.step_id}>
                <span>{t(`repo_field.step.${s.step}`)}</span>
                <span className="rs-muted">{new Date(s.occurred_at).toLocaleString()}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
