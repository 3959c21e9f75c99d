/**
 * Predictive dialer bench (issue 14): a simulated 8-hour shift (10:00–18:00, one-second steps, run
 * as fast as the CPU goes) with 50 and with 200 agents, borrowers answering by the hourly curve of
 * src/domain/calling/answer-curve.ts. Compares a fixed 1:1 dialer, the best fixed ratio whose
 * abandon rate stays within India's 0.8 % cap, and the adaptive pacing of
 * src/domain/calling/pacing.ts. An answered call no agent takes within 2 s is abandoned (dropped).
 *
 * Prints abandon rate (drops / answered), agent occupancy (talk time / logged time) and idle minutes
 * per agent hour. Seeded: the same figures every run. `npx tsx tests/bench/dialer.ts`
 */
import { answerRateAt, ringSeconds, talkSeconds } from '../../src/domain/calling/answer-curve';
import { PACING_LIMITS, linesToDial } from '../../src/domain/calling/pacing';

const SHIFT_S = 8 * 3600;
const START_HOUR = 10;
const WRAP_S = 15;
const NO_ANSWER_S = 30;
const MAX_WAIT_S = 2;
const WINDOW_S = 600;
const { maxRatio, dropCap } = PACING_LIMITS.INDIA;

/** mulberry32: a small seeded PRNG. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Strategy = { name: string; dial: (s: { ready: number; ringing: number; windowRate: number | null; dropRate: number; answered: number }) => number };

interface Result {
  answered: number;
  dropped: number;
  talkS: number;
  idleS: number;
}

function simulate(agents: number, strategy: Strategy, seed: number): Result {
  const rand = prng(seed);
  const agentBusy = new Int32Array(agents); // seconds left talking or wrapping; 0 = ready
  let ringing: { left: number; answers: boolean }[] = [];
  let waiting: number[] = []; // seconds each answered call has waited
  const window: { t: number; dialed: number; answered: number }[] = [];
  let answered = 0;
  let dropped = 0;
  let talkS = 0;
  let idleS = 0;
  for (let t = 0; t < SHIFT_S; t += 1) {
    const hour = START_HOUR + t / 3600;
    // Rings progress; answers join the waiting line.
    const still: typeof ringing = [];
    let answeredNow = 0;
    for (const c of ringing) {
      c.left -= 1;
      if (c.left > 0) still.push(c);
      else if (c.answers) {
        waiting.push(0);
        answeredNow += 1;
      }
    }
    ringing = still;
    answered += answeredNow;
    // Ready agents take waiting calls, oldest first.
    for (let a = 0; a < agents && waiting.length > 0; a += 1) {
      if (agentBusy[a] === 0) {
        waiting.shift();
        const talk = talkSeconds(rand());
        agentBusy[a] = talk + WRAP_S;
        talkS += talk;
      }
    }
    waiting = waiting.map((w) => w + 1).filter((w) => (w > MAX_WAIT_S ? ((dropped += 1), false) : true));
    let ready = 0;
    for (let a = 0; a < agents; a += 1) {
      if (agentBusy[a] > 0) agentBusy[a] -= 1;
      else ready += 1;
    }
    idleS += ready;
    // Dial.
    const w = window.reduce((acc, x) => ({ d: acc.d + x.dialed, a: acc.a + x.answered }), { d: 0, a: 0 });
    const n = strategy.dial({ ready, ringing: ringing.length + waiting.length, windowRate: w.d >= 50 ? w.a / w.d : null, dropRate: answered ? dropped / answered : 0, answered });
    for (let i = 0; i < n; i += 1) {
      const answers = rand() < answerRateAt(hour);
      ringing.push({ left: answers ? ringSeconds(rand()) : NO_ANSWER_S, answers });
    }
    window.push({ t, dialed: n, answered: answeredNow });
    while (window.length > 0 && window[0].t <= t - WINDOW_S) window.shift();
  }
  return { answered, dropped, talkS, idleS };
}

const fixed = (ratio: number): Strategy => ({ name: `fixed ${ratio.toFixed(2)}:1`, dial: (s) => Math.max(0, Math.floor(s.ready * ratio) - s.ringing) });
const adaptive: Strategy = {
  name: 'adaptive',
  dial: (s) => linesToDial({ readyAgents: s.ready, ringing: s.ringing, windowAnswerRate: s.windowRate, dropRateToday: s.dropRate, answeredToday: s.answered }, { maxRatio, dropCap }),
};

function row(name: string, agents: number, r: Result) {
  const abandon = r.answered ? r.dropped / r.answered : 0;
  return {
    dialer: name,
    abandon: `${(abandon * 100).toFixed(2)} %${abandon <= dropCap ? '' : ' (over cap)'}`,
    occupancy: `${((r.talkS / (agents * SHIFT_S)) * 100).toFixed(1)} %`,
    'idle min / agent h': (r.idleS / 60 / (agents * 8)).toFixed(1),
    answered: r.answered,
  };
}

for (const agents of [50, 200]) {
  const seed = 1000 + agents;
  const rows = [row('fixed 1:1', agents, simulate(agents, fixed(1), seed))];
  let best: { ratio: number; r: Result } | null = null;
  for (let ratio = 1.25; ratio <= maxRatio; ratio += 0.25) {
    const r = simulate(agents, fixed(ratio), seed);
    if (r.answered && r.dropped / r.answered > dropCap) break;
    best = { ratio, r };
  }
  if (best) rows.push(row(`best fixed within cap (${best.ratio.toFixed(2)}:1)`, agents, best.r));
  rows.push(row('adaptive (pacing.ts)', agents, simulate(agents, adaptive, seed)));
  process.stdout.write(`\nPredictive dialer, ${agents} agents, 8-hour shift from ${START_HOUR}:00, drop cap ${(dropCap * 100).toFixed(1)} %\n`);
  console.table(rows);
}
