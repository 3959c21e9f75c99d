/**
 * A real SIP path for the softphone's end-to-end test (issue 14): Debian's kamailio as the
 * company's registrar and proxy (SIP over WebSocket for the browser, UDP for phones) and baresip
 * as the borrower's phone, answering automatically with ICE and DTLS-SRTP (what a WebRTC browser
 * requires). A second baresip is a colleague's desk phone (extension 7001, answering
 * automatically too) for add call, merge and transfer (spec 9). More desk phones may be asked
 * for (`extra`: a supervisor's for barge and whisper, another agent's for a force transfer). Each phone plays its own tone and
 * records what it hears (one WAV file per call, see ./tones.ts); kamailio logs every INVITE (with
 * its Replaces header), REFER (its Refer-To) and BYE. All run on free local ports in a temporary directory and are
 * stopped by `stop()`.
 * Needs the Debian packages kamailio, kamailio-websocket-modules and baresip (.ci/run installs them).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A further desk phone: its folder name, its extension (a user's SIP user: their mobile digits), its tone (Hz). */
export interface LabPhone {
  name: string;
  user: string;
  tone: number;
}

/** The colleague's extension on the lab's SIP server. */
const COLLEAGUE = '7001';
const TONES = { phone: 440, colleague: 660 };

export interface SipLab {
  /** The browser softphone's WebSocket address (ws://127.0.0.1:port). */
  wsUrl: string;
  /** The SIP domain agents register in (127.0.0.1:udp port). */
  domain: string;
  /** baresip's log so far: what the borrower's phone saw (calls answered, held, closed, transfers asked). */
  phoneLog(): Promise<string>;
  /** The colleague's extension (a registered SIP user) the agent may add or transfer to. */
  colleague: string;
  /** The colleague's phone log. */
  colleagueLog(): Promise<string>;
  /** The borrower's (440 Hz) and the colleague's (660 Hz) tones. */
  tones: { phone: number; colleague: number };
  /** What a phone heard: one WAV file per call, oldest first (absolute paths); `who` may name an extra phone. */
  heard(who: string): Promise<string[]>;
  /** An extra phone's log. */
  logOf(name: string): Promise<string>;
  /** kamailio's `lab:` lines: `INVITE ci=… from=… to=… replaces=…`, `REFER ci=… from=… refer_to=…` and `BYE ci=… from=…`. */
  sipLog(): Promise<string[]>;
  stop(): Promise<void>;
}

/** A port nobody listens on now (TCP; the same number is taken for UDP). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Whether nothing listens on `port` (TCP) now. */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.unref();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

async function waitFor(check: () => Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`SIP lab: ${what} did not happen within ${ms} ms`);
}

export async function startSipLab(extra: LabPhone[] = []): Promise<SipLab> {
  const dir = await mkdtemp(join(tmpdir(), 'sip-lab-'));
  const [udp, ws] = [await freePort(), await freePort()];
  // baresip listens on its SIP port and the next ones (TCP, TLS: port + 1): a phone whose port + 1
  // was another phone's or kamailio's failed to start ("SIP/TLS transport failed: Address already
  // in use") and never registered. Each phone gets three free ports of its own.
  const taken = new Set([udp, ws]);
  const phonePort = async (): Promise<number> => {
    for (;;) {
      const port = await freePort();
      const block = [port, port + 1, port + 2];
      if (block.some((p) => taken.has(p)) || !(await Promise.all(block.slice(1).map(portFree))).every(Boolean)) continue;
      for (const p of block) taken.add(p);
      return port;
    }
  };
  const procs: ChildProcess[] = [];
  const kamLog = join(dir, 'kamailio.log');
  const logTo = async (p: ChildProcess, file: string) => {
    await writeFile(file, '');
    const { createWriteStream } = await import('node:fs');
    const out = createWriteStream(file, { flags: 'a' });
    // Both streams into one file: neither may close it for the other.
    p.stdout?.pipe(out, { end: false });
    p.stderr?.pipe(out, { end: false });
    p.once('exit', () => out.end());
  };

  const kamailio = spawn('kamailio', ['-f', join(import.meta.dirname, 'kamailio.cfg'), '-DD', '-E', '-A', `UDP_PORT=${udp}`, '-A', `WS_PORT=${ws}`, '-Y', dir, '-P', join(dir, 'kamailio.pid')], { stdio: ['ignore', 'pipe', 'pipe'] });
  procs.push(kamailio);
  await logTo(kamailio, kamLog);
  await waitFor(async () => (await readFile(kamLog, 'utf8')).includes('INFO: <core> [main.c'), 'kamailio start');

  // The borrower's phone and the colleague's: answer every call, play a tone, record what they hear, accept what a browser offers.
  // opus before g711: between two of them (a transferred call) baresip 1.0.0 takes the first codec, and on PCMU it
  // starts no audio ("audio_encoder_set error: Operation not supported").
  const startPhone = async (name: string, user: string, port: number, tone: number): Promise<string> => {
    const home = join(dir, name);
    await mkdir(join(home, 'heard'), { recursive: true });
    const config = [
      `sip_listen 127.0.0.1:${port}`,
      'module_path /usr/lib/baresip/modules',
      ...['opus.so', 'g711.so', 'ausine.so', 'aubridge.so', 'sndfile.so', 'stun.so', 'ice.so', 'dtls_srtp.so', 'srtp.so'].map((m) => `module ${m}`),
      'module_app account.so',
      'module_app menu.so',
      'audio_player aubridge,nil',
      `audio_source ausine,${tone}`,
      // sndfile: each call's sent (-enc) and heard (-dec) audio as WAV files named by start time.
      `snd_path ${join(home, 'heard')}`,
      'audio_alert aubridge,nil',
      // Browsers require RTP and RTCP on one port.
      'rtcp_mux yes',
    ].join('\n');
    await writeFile(join(home, 'config'), `${config}\n`);
    await writeFile(join(home, 'accounts'), `<sip:${user}@127.0.0.1:${udp};transport=udp>;answermode=auto;mediaenc=dtls_srtp;medianat=ice;regint=300\n`);
    const log = join(home, 'baresip.log');
    const p = spawn('baresip', ['-f', home, '-v'], { stdio: ['pipe', 'pipe', 'pipe'] });
    procs.push(p);
    await logTo(p, log);
    const registered = new RegExp(`${user}@127\\.0\\.0\\.1.*200 OK`);
    await waitFor(async () => registered.test(await readFile(log, 'utf8')), `the ${name} phone registering`);
    return log;
  };
  const phoneLogPath = await startPhone('borrower', 'gateway', await phonePort(), TONES.phone);
  const colleagueLogPath = await startPhone('colleague', COLLEAGUE, await phonePort(), TONES.colleague);
  const extraLogs = new Map<string, string>();
  for (const p of extra) extraLogs.set(p.name, await startPhone(p.name, p.user, await phonePort(), p.tone));

  return {
    wsUrl: `ws://127.0.0.1:${ws}`,
    domain: `127.0.0.1:${udp}`,
    phoneLog: () => readFile(phoneLogPath, 'utf8'),
    colleague: COLLEAGUE,
    colleagueLog: () => readFile(colleagueLogPath, 'utf8'),
    tones: TONES,
    logOf: (name) => readFile(extraLogs.get(name) ?? join(dir, name, 'none'), 'utf8'),
    async heard(who) {
      const folder = join(dir, who === 'phone' ? 'borrower' : who, 'heard');
      return (await readdir(folder))
        .filter((f) => f.endsWith('-dec.wav'))
        .sort()
        .map((f) => join(folder, f));
    },
    async sipLog() {
      return (await readFile(kamLog, 'utf8')).split('\n').filter((l) => l.includes('lab: '));
    },
    async stop() {
      for (const p of procs.reverse()) {
        if (p.exitCode === null) {
          p.kill('SIGTERM');
          await new Promise((r) => {
            const t = setTimeout(() => {
              p.kill('SIGKILL');
              r(null);
            }, 3000);
            p.once('exit', () => {
              clearTimeout(t);
              r(null);
            });
          });
        }
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
