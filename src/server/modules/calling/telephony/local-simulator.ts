/**
 * The LOCAL TELEPHONY SIMULATOR (issue 14): no phone rings anywhere. It speaks Exotel's
 * click-to-call protocol towards our server — a `Calls/connect`-shaped request in, a CallSid out,
 * then the same StatusCallback JSON posts (EventType answered, then terminal with Status
 * completed / busy / no-answer, ConversationDuration; RecordingUrl null: nothing is recorded) to the StatusCallback URL.
 *
 * The agent's leg rings 2–6 s and is answered; the borrower's rings 4–20 s and is answered with the
 * hour's answer rate (src/domain/calling/answer-curve.ts), else busy (1 in 5) or no-answer after
 * 30 s; a conversation lasts a long-tailed 20 s–15 min. `speed` divides every delay (tests and the
 * e2e run it fast); `answer` forces the borrower's choice ('always', 'never') for tests; `talkSeconds`
 * fixes the conversation's length.
 *
 * Predictive calls (`predictive`) skip the agent's leg: the borrower is rung at once. Inbound calls
 * (`inbound`): a borrower dials the company's DID; the simulator asks our Connect-applet URL whom to
 * ring (as Exotel's Connect applet asks its dynamic URL), rings that agent 2–6 s, then posts the
 * same answered and terminal callbacks.
 */
import { randomUUID } from 'node:crypto';
import { answerRateAt, ringSeconds, talkSeconds } from '../../../../domain/calling/answer-curve';
import type { ConnectRequest, MonitorRequest, TelephonyProvider } from './provider';

export interface SimulatorOptions {
  /** Posts a callback body (JSON) to `url` (our own server). Failures are logged by the caller. */
  deliver: (url: string, body: Record<string, unknown>) => Promise<void>;
  /** GETs `url` (our Connect-applet URL) and answers its JSON, null when refused. */
  ask?: (url: string) => Promise<unknown>;
  /** Every delay is divided by it (default 1: real time). */
  speed?: number;
  answer?: 'curve' | 'always' | 'never';
  /** Fixed talk time in simulated seconds (tests and demos that need a call to stay live); default the long-tailed spread. */
  talkSeconds?: number;
  random?: () => number;
}

interface LiveCall {
  req: ConnectRequest;
  sid: string;
  startedAt: number;
  answeredAt: number | null;
  timers: Set<NodeJS.Timeout>;
  ended: boolean;
}

const NO_ANSWER_TIMEOUT_S = 30;

/** A borrower calling the company's DID (what the simulated network delivers). */
export interface InboundCall {
  from: string;
  /** The DID (ExoPhone) dialled. */
  to: string;
  /** Our Connect-applet URL (path), asked whom to ring; CallSid, CallFrom, CallTo, Direction are added. */
  connectUrl: string;
  /** Where the answered and terminal callbacks go. */
  statusCallback: string;
  /**
   * false: the first agent rung does not pick up; after the answer's max_ringing_duration the
   * simulator asks `connectUrl` again as Exotel's Connect applet does with fetch_after_attempt
   * (CallType incomplete, DialWhomNumber the agent rung) and rings whoever comes back. Default true.
   */
  firstAgentAnswers?: boolean;
}

/** The simulator as the provider plus what it recorded (tests read supervisor actions from it). */
export interface LocalSimulator extends TelephonyProvider {
  /** Supervisor actions taken on live calls, oldest first (barge, whisper, force transfer). */
  readonly monitored: readonly (MonitorRequest & { at: string })[];
  /**
   * A borrower calls the DID: asks `connectUrl` whom to ring; when an agent number comes back, rings
   * them (2–6 s, answered) and the call runs like an outbound one. @returns the CallSid and the answer
   */
  inbound(call: InboundCall): Promise<{ sid: string; answer: unknown }>;
}

/** The local simulator provider (see the module comment). */
export function localSimulator(options: SimulatorOptions): LocalSimulator {
  const monitored: (MonitorRequest & { at: string })[] = [];
  const speed = options.speed && options.speed > 0 ? options.speed : 1;
  const random = options.random ?? Math.random;
  const calls = new Map<string, LiveCall>();

  const later = (call: LiveCall, seconds: number, fn: () => void) => {
    const t = setTimeout(() => {
      call.timers.delete(t);
      fn();
    }, (seconds * 1000) / speed);
    call.timers.add(t);
  };
  /** Simulated seconds since the call started. */
  const elapsed = (from: number) => Math.max(0, Math.round(((Date.now() - from) * speed) / 1000));

  const post = (call: LiveCall, body: Record<string, unknown>) =>
    void options.deliver(call.req.statusCallback, { CallSid: call.sid, CustomField: call.req.callId, DateUpdated: new Date().toISOString().slice(0, 19).replace('T', ' '), ...body }).catch(() => undefined);

  const end = (call: LiveCall, status: 'completed' | 'busy' | 'no-answer' | 'failed') => {
    if (call.ended) return;
    call.ended = true;
    for (const t of call.timers) clearTimeout(t);
    calls.delete(call.sid);
    const talk = call.answeredAt === null ? 0 : elapsed(call.answeredAt);
    post(call, {
      EventType: 'terminal',
      Status: status,
      ConversationDuration: talk,
      // Nothing is recorded: there is no audio in a simulation.
      RecordingUrl: null,
      StartTime: new Date(call.startedAt).toISOString(),
    });
  };

  return {
    name: 'local_simulator',
    async connect(req) {
      const call: LiveCall = { req, sid: `SIM${randomUUID().replace(/-/g, '')}`, startedAt: Date.now(), answeredAt: null, timers: new Set(), ended: false };
      calls.set(call.sid, call);
      const agentRing = 2 + 4 * random();
      const customerRing = ringSeconds(random());
      const answers = options.answer === 'always' ? true : options.answer === 'never' ? false : random() < answerRateAt(req.localHour);
      // A predictive call has no agent leg: the borrower's phone rings at once.
      later(call, req.predictive ? 0 : agentRing, () => {
        if (!answers) {
          const busy = random() < 0.2;
          later(call, busy ? customerRing / 2 : NO_ANSWER_TIMEOUT_S, () => end(call, busy ? 'busy' : 'no-answer'));
          return;
        }
        later(call, customerRing, () => {
          call.answeredAt = Date.now();
          post(call, { EventType: 'answered' });
          later(call, options.talkSeconds && options.talkSeconds > 0 ? options.talkSeconds : talkSeconds(random()), () => end(call, 'completed'));
        });
      });
      return { sid: call.sid };
    },
    async hangup(sid) {
      const call = calls.get(sid);
      if (!call) return true;
      end(call, 'completed');
      return true;
    },
    monitored,
    async inbound(inc) {
      const sid = `SIMIN${randomUUID().replace(/-/g, '')}`;
      const query = new URLSearchParams({ CallSid: sid, CallFrom: inc.from, CallTo: inc.to, Direction: 'incoming' });
      const answer = options.ask ? await options.ask(`${inc.connectUrl}?${query}`) : null;
      const numbers = (answer as { destination?: { numbers?: unknown } } | null)?.destination?.numbers;
      if (!Array.isArray(numbers) || numbers.length === 0) return { sid, answer };
      const call: LiveCall = {
        req: { callId: String((answer as { call_id?: unknown }).call_id ?? ''), agentNumber: String(numbers[0]), customerNumber: inc.from, callerId: inc.to, statusCallback: inc.statusCallback, localHour: 0 },
        sid,
        startedAt: Date.now(),
        answeredAt: null,
        timers: new Set(),
        ended: false,
      };
      calls.set(sid, call);
      // The borrower is already on the line: once the agent picks up, they talk.
      const pickUp = () =>
        later(call, 2 + 4 * random(), () => {
          call.answeredAt = Date.now();
          post(call, { EventType: 'answered' });
          later(call, options.talkSeconds && options.talkSeconds > 0 ? options.talkSeconds : talkSeconds(random()), () => end(call, 'completed'));
        });
      if (inc.firstAgentAnswers !== false) {
        pickUp();
        return { sid, answer };
      }
      // Nobody picks up within the ring time: the Connect applet asks again (fetch_after_attempt) and rings the next number.
      const ringFor = Number((answer as { max_ringing_duration?: unknown }).max_ringing_duration) || NO_ANSWER_TIMEOUT_S;
      later(call, ringFor, () => {
        const again = new URLSearchParams({ CallSid: sid, CallFrom: inc.from, CallTo: inc.to, Direction: 'incoming', CallType: 'incomplete', DialWhomNumber: call.req.agentNumber });
        void Promise.resolve(options.ask?.(`${inc.connectUrl}?${again}`)).then((next) => {
          const more = (next as { destination?: { numbers?: unknown } } | null)?.destination?.numbers;
          if (!Array.isArray(more) || more.length === 0) {
            // The app ended the call ('No agent answered'); the caller goes on in the flow.
            calls.delete(sid);
            return;
          }
          call.req = { ...call.req, agentNumber: String(more[0]) };
          pickUp();
        });
      });
      return { sid, answer };
    },
    async monitor(req) {
      // Only a live call can be joined; the simulation records the action (no audio to mix).
      if (!calls.has(req.sid)) return false;
      monitored.push({ ...req, at: new Date().toISOString() });
      if (monitored.length > 1000) monitored.shift();
      return true;
    },
    close() {
      for (const call of calls.values()) for (const t of call.timers) clearTimeout(t);
      calls.clear();
    },
  };
}
