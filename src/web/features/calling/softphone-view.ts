/**
 * What the browser softphone shows and reports (issue 14; spec 9 dialer): the dialer panel's view
 * of the SIP calls, and the shapes of the reports the softphone sends the server. Types and the
 * idle view only; the softphone itself is softphone.ts.
 */
import type { CallState, ConnectionState } from '../../../domain/calling/call-states';
import type { MicrophoneState } from '../../../domain/calling/campaigns';
import type { SecondLegEvent, SoftphoneEvent, TransferKind } from '../../../domain/calling/softphone';

/** What the dialer panel shows of the softphone. */
export interface SoftphoneView {
  connection: ConnectionState;
  /** The SIP server accepted the registration: calls go through the softphone. */
  registered: boolean;
  /** The browser's own view of the live call (null: no call). */
  callState: CallState | null;
  muted: boolean;
  held: boolean;
  /** Spec 3 microphone state when the browser could not use one (null: working or not asked yet). */
  microphone: MicrophoneState | null;
  /** Why the last registration or call failed, as the SIP server or the browser said it. */
  error: string | null;
  /** The second call the agent added (a colleague, a supervisor): what they typed and its state. */
  second: { target: string; state: CallState } | null;
  /** The borrower and the second party are merged into one three-way call (mixed here). */
  conference: boolean;
  /** A transfer asked of the borrower's phone (REFER) and not yet answered; 'failed' when it refused. */
  transfer: 'pending' | 'failed' | null;
  /**
   * A supervisor called in by spec 4 barge or whisper (see `supervise`): who, how (barge: the
   * borrower hears them; whisper: only the agent does) and the state of the call to them.
   */
  supervisor: { name: string; mode: SupervisorJoin; state: CallState } | null;
}

/** How a supervisor joins a softphone call: barge (all three talk) or whisper (the borrower does not hear them). */
export type SupervisorJoin = 'barge' | 'whisper';

export const IDLE_VIEW: SoftphoneView = { connection: 'notInitialized', registered: false, callState: null, muted: false, held: false, microphone: null, error: null, second: null, conference: false, transfer: null, supervisor: null };

/** Extra fields of a reported call action (transfer, conference). */
export interface ActionDetails {
  event_id: string;
  target: string;
  transfer?: TransferKind;
}

/** Reports one SIP event (or call action) of the borrower's call to the server. */
export type ReportEvent = (event: SoftphoneEvent, cause?: string, details?: ActionDetails) => void;

/** Reports one SIP event of the second call (add call) to the server; `target` with 'started'. */
export type ReportSecondLeg = (event: SecondLegEvent, target?: string) => void;
