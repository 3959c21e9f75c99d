/**
 * The telephony adapter (issue 14): one interface in front of cloud click-to-call providers. A
 * call is two legs — the agent's phone first, then the borrower's — joined by the provider, which
 * reports back through a StatusCallback URL of ours (`/api/calling/telephony/...`).
 */

/** One click-to-call request. Numbers as dialled (national digits or E.164). */
export interface ConnectRequest {
  /** Our call id; passed as Exotel's CustomField and echoed back in the callback. */
  callId: string;
  /** The agent's phone, rung first. */
  agentNumber: string;
  /** The borrower's (or another loan contact's) number, rung once the agent answers. */
  customerNumber: string;
  /** The number the borrower sees, from the company's pool. */
  callerId: string;
  /** Absolute path (`/api/...`) or URL the provider posts its status callbacks to. */
  statusCallback: string;
  /** Borrower's local hour 0..23 (the simulator's answer rate depends on it). */
  localHour: number;
  /**
   * Predictive: the borrower is dialled directly, no agent leg first (`agentNumber` is empty); the
   * answered callback hands the call to a free agent.
   */
  predictive?: boolean;
}

export interface TelephonyProvider {
  readonly name: 'local_simulator' | 'exotel';
  /**
   * Places the call. @returns the provider's call id (Exotel CallSid)
   * @throws Error with the provider's message when it refuses the request
   */
  connect(req: ConnectRequest): Promise<{ sid: string }>;
  /** Hangs up a live call; false when the provider offers no way to (end it on the phone). */
  hangup(sid: string): Promise<boolean>;
  /**
   * A supervisor's action on a live call (spec 4 dialer actions): barge (a three-way call), whisper
   * (heard by the agent only) or force transfer (the borrower's leg moves to `transferTo`'s phone).
   * The supervisor's phone is rung for barge and whisper. false when the provider offers no way to.
   */
  monitor(req: MonitorRequest): Promise<boolean>;
  /** Stops timers and pending work (app close). */
  close(): void;
}

/** A supervisor's action on a live call. Numbers as dialled. */
export interface MonitorRequest {
  sid: string;
  action: 'barge' | 'whisper' | 'force_transfer';
  supervisorNumber: string;
  /** The phone the call moves to (force transfer). */
  transferTo?: string;
}
