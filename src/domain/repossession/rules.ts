/**
 * Repossession of a secured loan's asset (issue 16 "Repossession"): initiation with approval, the
 * pre-repossession notice (RBI), assignment to an agency and agent, the agent's field steps (police
 * intimation before and after, the repossession itself, handover at the yard), yard inventory and
 * valuation, then release on payment or sale by auction, each with approval. Pure rules: stages and
 * their moves, the field steps' order, the condition checklist and the spec 4 outcome statuses.
 */

/** Assets that can be repossessed (secured loans). */
export const ASSET_TYPES = ['vehicle', 'equipment'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

/**
 * A case's stage, in order. `initiated` waits for the initiation's approval; `notice_issued` once
 * approved (the notice is printed then); `release_requested` waits for the release's approval.
 */
export const REPOSSESSION_STAGES = [
  'initiated',
  'rejected',
  'notice_issued',
  'assigned',
  'police_intimated',
  'repossessed',
  'police_informed_after',
  'at_yard',
  'valued',
  'release_requested',
  'released',
  'sold',
] as const;
export type RepossessionStage = (typeof REPOSSESSION_STAGES)[number];

/** Spec 4 "Repossession: success, failed, pending": the outcome of the attempt, set by the agent or a bulk update. */
export const REPOSSESSION_STATUSES = ['success', 'failed', 'pending'] as const;
export type RepossessionStatus = (typeof REPOSSESSION_STATUSES)[number];

/** The agent's steps on the phone, in the order they are done. */
export const FIELD_STEPS = ['police_before', 'repossession', 'police_after', 'yard_handover'] as const;
export type FieldStep = (typeof FIELD_STEPS)[number];

/** The stage a step needs, and the stage it leads to (a failed repossession stays where it was). */
export const STEP_MOVES: Record<FieldStep, { from: RepossessionStage; to: RepossessionStage }> = {
  police_before: { from: 'assigned', to: 'police_intimated' },
  repossession: { from: 'police_intimated', to: 'repossessed' },
  police_after: { from: 'repossessed', to: 'police_informed_after' },
  yard_handover: { from: 'police_informed_after', to: 'at_yard' },
};

/** The condition checklist of the repossession step (each item: ok or not). */
export const CONDITION_ITEMS = ['body', 'tyres', 'lights', 'glass', 'engine_starts', 'keys', 'documents_in_vehicle'] as const;
export type ConditionItem = (typeof CONDITION_ITEMS)[number];

/** How an asset is released: the borrower paid, or it was sold by auction. */
export const RELEASE_MODES = ['payment', 'auction'] as const;
export type ReleaseMode = (typeof RELEASE_MODES)[number];

/** Photos per step and their size limit (MB), like a visit's. */
export const STEP_MAX_PHOTOS = 6;
export const STEP_PHOTO_MAX_MB = 5;

/**
 * The stage after a field step, or why it cannot be recorded now.
 * A repossession step with outcome 'failed' or 'pending' leaves the case where it was.
 */
export function afterStep(stage: RepossessionStage, step: FieldStep, outcome: RepossessionStatus | null): { stage: RepossessionStage } | { problem: string } {
  const move = STEP_MOVES[step];
  if (stage !== move.from) return { problem: `The ${step} step needs the case at ${move.from}; it is at ${stage}` };
  if (step === 'repossession' && outcome !== 'success') return { stage };
  return { stage: move.to };
}

/** The stage after the initiation's final decision. @throws Error when the case is not waiting for it */
export function afterInitiationDecision(stage: RepossessionStage, decision: 'approved' | 'rejected'): RepossessionStage {
  if (stage !== 'initiated') throw new Error(`Repossession is not waiting for approval (${stage})`);
  return decision === 'approved' ? 'notice_issued' : 'rejected';
}

/** Whether a case may be assigned (after the notice, before the agent has started). */
export const canAssign = (stage: RepossessionStage): boolean => stage === 'notice_issued' || stage === 'assigned';

/** Whether yard inventory and valuation may be recorded (the asset is at the yard). */
export const canValue = (stage: RepossessionStage): boolean => stage === 'at_yard' || stage === 'valued';

/** Whether a release may be requested (valued, no release pending). */
export const canRequestRelease = (stage: RepossessionStage): boolean => stage === 'valued';

/** The stage after the release's final decision: released (payment), sold (auction), or back to valued. */
export function afterReleaseDecision(stage: RepossessionStage, mode: ReleaseMode, decision: 'approved' | 'rejected'): RepossessionStage {
  if (stage !== 'release_requested') throw new Error(`Repossession has no release waiting for approval (${stage})`);
  if (decision === 'rejected') return 'valued';
  return mode === 'payment' ? 'released' : 'sold';
}
