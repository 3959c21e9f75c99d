/**
 * The browser softphone over a real SIP path (issue 14): kamailio (Debian) as the company's SIP
 * server, baresip as the borrower's phone answering automatically, Chromium with fake media
 * devices. An admin names the SIP server on the Telephony tab; a telecaller connects the softphone (registration), calls a loan of their queue, sees
 * Ringing/On Call, holds and resumes the call, uses the keypad, ends it, redials, and the disposition form follows; the
 * borrower's phone log shows the call was answered and closed. Then spec 9 add call, merge and transfer with a colleague's
 * phone (a second baresip, extension 7001): the agent adds the colleague (the borrower on hold), merges the three (mixed
 * in the browser), drops the colleague, adds them again and transfers the borrower to them (REFER with Replaces), and
 * transfers a redialled call blind; both phone logs and the loan's timeline show it. Last, spec 4's
 * supervisor actions on a softphone call: the supervisor whispers (their desk phone hears the borrower,
 * the borrower does not hear them), barges (the borrower hears them), and force-transfers the borrower
 * to another agent's phone (blind REFER by the agent's browser).
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { artifact, signIn, supervisorLiveView } from './helpers';
import { startSipLab, type SipLab } from './sip/sip-lab';
import { readWav, toneSeconds } from './sip/tones';

test.use({
  timezoneId: 'Asia/Kolkata',
  permissions: ['microphone'],
  launchOptions: { executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] },
});

const COMPANY = 'demo-lender-in';
let lab: SipLab;
/** The supervisor's desk phone (supervisor@demo.in's extension: their mobile digits) and another telecaller's. */
const SUPERVISOR = { name: 'supervisor', user: '9876500002', tone: 550 };
const TEAMMATE = { name: 'teammate', user: '9876500077', tone: 770, email: 'kiran.softphone@demo.in', fullName: 'Kiran Softphone' };

test.beforeAll(async () => {
  lab = await startSipLab([SUPERVISOR, TEAMMATE]);
});
test.afterAll(async ({ browser }) => {
  // The other calling specs use the cloud click-to-call path: switch the softphone off again.
  await asAdmin(browser, async (page, headers) => {
    await page.request.put(`/api/calling/softphone/settings?company_id=${COMPANY}`, { headers, data: { ws_url: null, sip_domain: null } });
  });
  await lab?.stop();
});

/** Runs `act` with a signed-in page of `email` and its API headers. */
async function asAdmin<T>(browser: Browser, act: (page: Page, headers: Record<string, string>) => Promise<T>, email = 'admin@demo.in'): Promise<T> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  const token = await page.evaluate(() => localStorage.getItem('uat'));
  try {
    return await act(page, { authenticationtoken: token ?? '', 'X-Company-ID': COMPANY });
  } finally {
    await context.close();
  }
}

test('a telecaller calls a borrower from the browser softphone: registration, call, hold, resume, keypad, end and redial', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The admin names the company's SIP server on the calling desk's Telephony tab.
  await asAdmin(browser, async (p) => {
    await p.setViewportSize({ width: 1440, height: 900 });
    await p.getByRole('link', { name: 'Calling desk' }).first().click();
    await p.getByTestId('tab-telephony').click();
    const form = p.getByTestId('softphone-settings');
    await form.getByLabel('SIP server WebSocket address').fill(lab.wsUrl);
    await form.getByLabel('SIP domain').fill(lab.domain);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(p.getByText('Softphone settings saved')).toBeVisible();
    await p.screenshot({ path: artifact('softphone-settings-1440.png') });
  });

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'telecaller@demo.in');
  await page.getByRole('link', { name: 'Calling desk' }).first().click();
  const bar = page.getByTestId('softphone');
  await expect(bar).toBeVisible();
  await expect(bar).toContainText(`@${lab.domain}`);
  await bar.getByTestId('softphone-connect').click();
  await expect(page.getByTestId('softphone-state')).toHaveText('Registered');

  // A loan the cloud click-to-call specs do not use; the compliance override lets the call through at any hour.
  const row = page.getByTestId('queue-loan').last();
  const loanId = (await row.getAttribute('data-loan'))!;
  await override(browser, loanId);

  await row.getByTestId('call-button').click();
  const state = page.getByTestId('call-state');
  await expect(state).toHaveText('On Call', { timeout: 20_000 });
  await expect(page.getByTestId('call-duration')).not.toHaveText('00:00:00', { timeout: 5_000 });
  await page.screenshot({ path: artifact('softphone-on-call-1440.png') });

  await page.getByTestId('softphone-hold').click();
  await expect(state).toHaveText('On Hold');
  await expect(page.getByTestId('softphone-hold')).toHaveText(/Resume/);
  await page.getByTestId('softphone-hold').click();
  await expect(state).toHaveText('On Call');
  await page.getByTestId('softphone-mute').click();
  await expect(page.getByTestId('softphone-mute')).toHaveAttribute('aria-pressed', 'true');
  // The keypad sends tones into the call (a bank's IVR).
  await page.getByTestId('softphone-dialpad').click();
  await page.getByTestId('dialpad').getByRole('button', { name: '1' }).click();

  await page.getByTestId('end-call').click();
  await expect(state).toHaveText('Call Ended');
  await expect(page.getByTestId('call-outcome')).toHaveText('Connected');
  await expect(page.getByTestId('disposition-choice')).toBeVisible();
  await expect(page.getByTestId('total-calls')).toHaveText(/[1-9]/);

  // Redial calls the same borrower again through the softphone (an override is used by one call: a second one for it).
  await override(browser, loanId);
  await page.getByTestId('redial').click();
  await expect(state).toHaveText('On Call', { timeout: 20_000 });
  await page.getByTestId('end-call').click();
  await expect(state).toHaveText('Call Ended');
  await expect(page.getByTestId('total-calls')).toHaveText(/[2-9]/);

  // The borrower's phone really had the call: answered, put on hold by the agent, then closed.
  const log = await lab.phoneLog();
  expect(log).toMatch(/answering call/);
  expect(log).toMatch(/DTLS-SRTP complete/);
  expect(log).toMatch(/session closed/);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: artifact('softphone-390.png'), fullPage: true });
  await page.getByTestId('softphone-disconnect').click();
  await expect(page.getByTestId('softphone-state')).toHaveText('Disconnected');
});

/** A supervisor's compliance override: the loan may be called at any hour (the e2e runs around the clock). */
async function override(browser: Browser, loanId: string): Promise<void> {
  await asAdmin(
    browser,
    async (p, headers) => {
      const res = await p.request.post('/api/compliance/overrides', { headers, data: { loan_id: loanId, channel: 'call', reason: 'End-to-end softphone call at any hour' } });
      expect(res.status(), await res.text()).toBe(200);
    },
    'supervisor@demo.in',
  );
}

test('add call, merge into a conference, attended and blind transfer to a colleague (spec 9 add, merge, transfer)', async ({ page, browser }) => {
  test.setTimeout(180_000);
  // What each phone recorded (borrower 440 Hz, colleague 660 Hz; the browser's fake microphone sends neither).
  const { phone: borrowerTone, colleague: colleagueTone } = lab.tones;
  const secondsOf = async (files: string[], hz: number) => Math.max(0, ...(await Promise.all(files.map(async (f) => toneSeconds(await readWav(f), hz)))));
  const newest = async (who: 'phone' | 'colleague') => (await lab.heard(who)).slice(-1);
  const describe = async () => {
    const lines = [];
    for (const who of ['phone', 'colleague'] as const) for (const f of await lab.heard(who)) lines.push(`${who} ${f.split('/').pop()}: 440 Hz ${await secondsOf([f], borrowerTone)} s, 660 Hz ${await secondsOf([f], colleagueTone)} s`);
    return lines.join('\n');
  };
  await asAdmin(browser, async (p, headers) => {
    const res = await p.request.put(`/api/calling/softphone/settings?company_id=${COMPANY}`, { headers, data: { ws_url: lab.wsUrl, sip_domain: lab.domain } });
    expect(res.status(), await res.text()).toBe(200);
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'telecaller@demo.in');
  await page.getByRole('link', { name: 'Calling desk' }).first().click();
  await page.getByTestId('softphone').getByTestId('softphone-connect').click();
  await expect(page.getByTestId('softphone-state')).toHaveText('Registered');

  // Another loan than the first test's; the compliance override lets the call through at any hour.
  const row = page.getByTestId('queue-loan').nth(-2);
  const loanId = (await row.getAttribute('data-loan'))!;
  await override(browser, loanId);
  await row.getByTestId('call-button').click();
  const state = page.getByTestId('call-state');
  await expect(state).toHaveText('On Call', { timeout: 20_000 });
  // Nothing to merge or transfer to yet; add is offered.
  await expect(page.getByTestId('softphone-merge')).toBeDisabled();

  // Add call: a typo is refused in place; the colleague's extension is called, the borrower waits on hold.
  await page.getByTestId('softphone-add').click();
  const form = page.getByTestId('call-target-form');
  await form.getByLabel('Extension or number').fill('not a number');
  await form.getByTestId('call-target-submit').click();
  await expect(form.getByText('Enter an extension, a phone number or a sip: address')).toBeVisible();
  await form.getByLabel('Extension or number').fill(lab.colleague);
  await form.getByTestId('call-target-submit').click();
  await expect(state).toHaveText('On Hold', { timeout: 10_000 });
  await expect(page.getByTestId('second-call-state')).toHaveText('On Call', { timeout: 20_000 });
  await expect(page.getByTestId('second-call')).toContainText(lab.colleague);

  // Merge: all three on one call; hold is off during a conference.
  await page.getByTestId('softphone-merge').click();
  await expect(page.getByTestId('conference')).toBeVisible();
  await expect(state).toHaveText('On Call', { timeout: 10_000 });
  await expect(page.getByTestId('softphone-hold')).toBeDisabled();
  await expect(page.getByTestId('softphone-transfer')).toBeDisabled();
  await page.getByTestId('softphone-mute').click();
  await expect(page.getByTestId('softphone-mute')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('softphone-mute').click();
  // The conference's mix: the colleague talked only to the agent before the merge, so the borrower's 440 Hz reaches them
  // only through the agent's mixer. (The borrower's side is not read: baresip's recording of a call stops at its first
  // re-INVITE, the hold.)
  await expect
    .poll(async () => secondsOf(await newest('colleague'), borrowerTone), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1)
    .catch(async (e: unknown) => {
      console.log(`what the phones heard in the conference, per call:\n${await describe()}`);
      throw e;
    });
  await page.screenshot({ path: artifact('softphone-conference-1440.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('second-call').scrollIntoViewIfNeeded();
  await page.screenshot({ path: artifact('softphone-conference-390.png') });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The colleague leaves: the conference ends, the borrower stays on the line.
  await page.getByTestId('drop-second').click();
  await expect(page.getByTestId('second-call')).toHaveCount(0);
  await expect(page.getByTestId('conference')).toHaveCount(0);
  await expect(state).toHaveText('On Call');

  // Attended transfer: the colleague again, then the borrower is handed to them.
  await page.getByTestId('softphone-add').click();
  await form.getByLabel('Extension or number').fill(lab.colleague);
  await form.getByTestId('call-target-submit').click();
  await expect(page.getByTestId('second-call-state')).toHaveText('On Call', { timeout: 20_000 });
  await expect(page.getByTestId('softphone-transfer')).toHaveText(`Transfer to ${lab.colleague}`);
  await page.screenshot({ path: artifact('softphone-transfer-1440.png') });
  await page.getByTestId('softphone-transfer').click();
  await expect(state).toHaveText('Call Ended', { timeout: 20_000 });
  await expect(page.getByTestId('call-outcome')).toHaveText('Connected');
  await expect(page.getByTestId('second-call')).toHaveCount(0, { timeout: 10_000 });

  // The borrower's phone received the REFER (baresip logs it as "transferring call … to"), called the colleague with the
  // Replaces of the agent's call to them, and the colleague's phone answered that call from the borrower.
  const agentExt = (await page.getByTestId('softphone').textContent())?.match(/sip:(\d+)@/)?.[1];
  expect(agentExt).toBeTruthy();
  await expect.poll(async () => lab.phoneLog(), { timeout: 10_000 }).toMatch(new RegExp(`transferring call \\S+ to '<sip:${lab.colleague}@[^?]+\\?Replaces=`));
  expect(await lab.phoneLog()).toMatch(new RegExp(`Call established: sip:${lab.colleague}@`));
  const fromBorrower = new RegExp(`${lab.colleague}@\\S+: Call established: sip:(?!${agentExt}@)`);
  await expect.poll(async () => lab.colleagueLog(), { timeout: 10_000 }).toMatch(fromBorrower);

  // On the SIP server (RFC 5589 attended transfer): the agent's REFER to the borrower's phone names the colleague with
  // the Replaces of the agent's consultation call with them (RFC 3891: its Call-ID, to-tag and from-tag); the borrower's
  // phone calls the colleague; the consultation call and the borrower's call with the agent end (BYE), the new one not.
  // Debian's baresip 1.0.0 drops the ?Replaces= part of the Refer-To when it follows a REFER (and knows no Replaces as
  // a target either), so its INVITE carries none: the agent's browser hangs up the consultation call itself.
  const sip = await lab.sipLog();
  const invites = sip.flatMap((l) => {
    const m = l.match(/INVITE ci=(\S+) from=(\S+) to=(\S+) replaces=(.*)$/);
    return m ? [{ ci: m[1], from: m[2], to: m[3], replaces: m[4] }] : [];
  });
  const consult = invites.filter((i) => i.from === agentExt && i.to === lab.colleague).at(-1);
  const borrowerCall = invites.filter((i) => i.from === agentExt && i.to !== lab.colleague).at(-1);
  const transferred = invites.filter((i) => i.from !== agentExt && i.to === lab.colleague).at(-1);
  expect(consult && borrowerCall && transferred, sip.join('\n')).toBeTruthy();
  const refer = sip.map((l) => l.match(/REFER ci=(\S+) from=(\S+) refer_to=(.*)$/)).find((m) => m?.[1] === borrowerCall!.ci);
  expect(refer?.[2], sip.join('\n')).toBe(agentExt);
  const replaces = decodeURIComponent(refer![3].match(/\?Replaces=([^>&]+)/)?.[1] ?? '');
  expect(replaces.split(';')[0]).toBe(consult!.ci);
  expect(replaces).toMatch(/;to-tag=[^;]+/);
  expect(replaces).toMatch(/;from-tag=[^;]+/);
  if (transferred!.replaces !== '<null>') expect(transferred!.replaces.split(';')[0]).toBe(consult!.ci);
  await expect.poll(async () => (await lab.sipLog()).join('\n'), { timeout: 10_000 }).toContain(`BYE ci=${consult!.ci}`);
  expect((await lab.sipLog()).join('\n')).toContain(`BYE ci=${borrowerCall!.ci}`);
  expect((await lab.sipLog()).join('\n')).not.toContain(`BYE ci=${transferred!.ci}`);

  // Audio, from what each phone recorded: after the transfer they hear each other directly.
  // The transferred call is still going: wait until each has heard a second of the other.
  await expect
    .poll(async () => Math.min(await secondsOf(await newest('colleague'), borrowerTone), await secondsOf(await newest('phone'), colleagueTone)), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1)
    .catch(async (e: unknown) => {
      console.log(`what the phones heard, per call:\n${await describe()}\n--- colleague ---\n${await lab.colleagueLog()}`);
      throw e;
    });
  console.log(`what the phones heard, per call:\n${await describe()}`);

  // Blind transfer of the next borrower's call: straight to the colleague's extension.
  const next = page.getByTestId('queue-loan').nth(-3);
  const nextLoanId = (await next.getAttribute('data-loan'))!;
  await override(browser, nextLoanId);
  await next.getByTestId('call-button').click();
  await expect(state).toHaveText('On Call', { timeout: 20_000 });
  await page.getByTestId('softphone-transfer').click();
  await form.getByLabel('Extension or number').fill(lab.colleague);
  await page.setViewportSize({ width: 390, height: 844 });
  await form.scrollIntoViewIfNeeded();
  await page.screenshot({ path: artifact('softphone-transfer-390.png') });
  await page.setViewportSize({ width: 1440, height: 900 });
  await form.getByTestId('call-target-submit').click();
  await expect(state).toHaveText('Call Ended', { timeout: 20_000 });

  await expect(page.getByTestId('call-outcome')).toHaveText('Connected');
  // The borrower's phone was asked to call the colleague without Replaces (blind), and did.
  await expect.poll(async () => lab.phoneLog(), { timeout: 10_000 }).toMatch(new RegExp(`transferring call \\S+ to '<sip:${lab.colleague}@[^?>]+>'`));

  // The loans' timelines tell the story.
  await asAdmin(browser, async (p, headers) => {
    const remarksOf = async (id: string) => ((await (await p.request.get(`/api/recovery/loan/activity/${id}?page_size=50`, { headers })).json()).data.events as { remark: string | null }[]).map((e) => e.remark);
    const remarks = await remarksOf(loanId);
    expect(remarks).toContain(`Conference call with ${lab.colleague} started`);
    expect(remarks).toContain(`Conference call with ${lab.colleague} ended`);
    expect(remarks).toContain(`Call transferred to ${lab.colleague} (attended)`);
    expect(await remarksOf(nextLoanId)).toContain(`Call transferred to ${lab.colleague} (blind)`);
  });
  console.log('--- borrower phone ---\n' + (await lab.phoneLog()).split('\n').filter((l) => /call|REFER|transfer|NOTIFY|answer|closed/i.test(l)).join('\n'));
  console.log('--- colleague phone ---\n' + (await lab.colleagueLog()).split('\n').filter((l) => /call|REFER|Replaces|answer|closed/i.test(l)).join('\n'));
});

/** The teammate telecaller (created once; a retry finds them), so the supervisor has someone to force-transfer to. */
async function teammate(browser: Browser): Promise<void> {
  await asAdmin(browser, async (p, headers) => {
    const found = await p.request.get(`/api/user/company/users?search_type=email&search_value=${encodeURIComponent(TEAMMATE.email)}`, { headers });
    if (((await found.json()).data.users as unknown[]).length > 0) return;
    const roles = (await (await p.request.get('/api/user/roles', { headers })).json()).data.roles as { role_id: string; role_name: string }[];
    const profiles = (await (await p.request.get('/api/user/profiles', { headers })).json()).data.profiles as { profile_id: string; profile_name: string }[];
    const res = await p.request.post('/api/user/company/users', {
      headers,
      data: {
        name: TEAMMATE.fullName,
        email: TEAMMATE.email,
        password: 'Demo@1234',
        user_type: 'user',
        profession: 'telecalling',
        mobile: TEAMMATE.user,
        role_id: roles.find((r) => r.role_name === 'Telecaller')!.role_id,
        profile_id: profiles.find((r) => r.profile_name === 'Telecaller')!.profile_id,
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  });
}

test('a supervisor whispers, barges and force-transfers a softphone call (spec 4): the agent\'s browser calls them in and refers the borrower', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const secondsOf = async (files: string[], hz: number) => Math.max(0, ...(await Promise.all(files.map(async (f) => toneSeconds(await readWav(f), hz)))));
  const newest = async (who: string) => (await lab.heard(who)).slice(-1);
  const describe = async () => {
    const lines = [];
    for (const who of ['phone', SUPERVISOR.name, TEAMMATE.name]) for (const f of await lab.heard(who)) lines.push(`${who} ${f.split('/').pop()}: 440 Hz ${await secondsOf([f], lab.tones.phone)} s, ${SUPERVISOR.tone} Hz ${await secondsOf([f], SUPERVISOR.tone)} s`);
    return lines.join('\n');
  };
  await asAdmin(browser, async (p, headers) => {
    const res = await p.request.put(`/api/calling/softphone/settings?company_id=${COMPANY}`, { headers, data: { ws_url: lab.wsUrl, sip_domain: lab.domain } });
    expect(res.status(), await res.text()).toBe(200);
  });
  await teammate(browser);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'telecaller@demo.in');
  await page.getByRole('link', { name: 'Calling desk' }).first().click();
  await page.getByTestId('softphone').getByTestId('softphone-connect').click();
  await expect(page.getByTestId('softphone-state')).toHaveText('Registered');

  // The supervisor watches the live view.
  const { context, boss, priya } = await supervisorLiveView(browser);

  const row = page.getByTestId('queue-loan').nth(-4);
  const loanId = (await row.getAttribute('data-loan'))!;
  await override(browser, loanId);
  await row.getByTestId('call-button').click();
  const state = page.getByTestId('call-state');
  await expect(state).toHaveText('On Call', { timeout: 20_000 });
  await expect(priya).toHaveAttribute('data-state', 'on_call');

  // Whisper: the agent's browser calls the supervisor's phone in; the supervisor hears the borrower, the borrower does not hear them.
  await priya.getByTestId('whisper').click();
  await expect(boss.getByText('You are whispering to Priya Nair')).toBeVisible();
  const notice = page.getByTestId('supervisor-action');
  await expect(notice).toHaveAttribute('data-event', 'whisper_initiated');
  await expect(notice).toContainText('Rahul Menon is whispering to you: the borrower cannot hear');
  await expect(page.getByTestId('supervisor-leg-state')).toHaveText("Supervisor's line: On Call", { timeout: 20_000 });
  await expect(page.getByTestId('supervisor-leg-state')).toHaveAttribute('data-mode', 'whisper');
  await expect
    .poll(async () => secondsOf(await newest(SUPERVISOR.name), lab.tones.phone), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2)
    .catch(async (e: unknown) => {
      console.log(`what the phones heard:\n${await describe()}`);
      throw e;
    });
  // The borrower's recording of this call (its only one: no hold, so no re-INVITE ended it) holds none of the supervisor's tone.
  const borrowerCall = await newest('phone');
  expect(await secondsOf(borrowerCall, SUPERVISOR.tone), await describe()).toBeLessThan(0.5);
  await page.screenshot({ path: artifact('softphone-whisper-1440.png') });

  // Barge: the same call to the supervisor, now mixed into what the borrower hears.
  await priya.getByTestId('barge').click();
  await expect(notice).toHaveAttribute('data-event', 'barge_initiated');
  await expect(page.getByTestId('supervisor-leg-state')).toHaveAttribute('data-mode', 'barge');
  await expect
    .poll(async () => secondsOf(borrowerCall, SUPERVISOR.tone), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1)
    .catch(async (e: unknown) => {
      console.log(`what the phones heard:\n${await describe()}`);
      throw e;
    });
  // One call to the supervisor's phone for both (a mode switch, not a second call).
  expect(await lab.heard(SUPERVISOR.name)).toHaveLength(1);
  await page.screenshot({ path: artifact('softphone-barge-1440.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await notice.scrollIntoViewIfNeeded();
  await page.screenshot({ path: artifact('softphone-barge-390.png') });
  await page.setViewportSize({ width: 1440, height: 900 });
  await boss.screenshot({ path: artifact('softphone-supervisor-live-1440.png') });

  // Force transfer to the teammate: the supervisor's call ends, the borrower's phone is referred to the teammate's phone.
  await priya.getByLabel('Transfer to…').selectOption({ label: TEAMMATE.fullName });
  await priya.getByTestId('force-transfer').click();
  await expect(boss.getByText("Priya Nair's call was transferred")).toBeVisible();
  await expect(state).toHaveText('Call Ended', { timeout: 20_000 });
  await expect(page.getByTestId('call-outcome')).toHaveText('Connected');
  await expect(page.getByTestId('disposition-choice')).toBeVisible();
  await expect(notice).toContainText(`Rahul Menon transferred this call to ${TEAMMATE.fullName}`);
  await expect.poll(async () => lab.phoneLog(), { timeout: 10_000 }).toMatch(new RegExp(`transferring call \\S+ to '<sip:${TEAMMATE.user}@[^?>]+>'`));
  await expect.poll(async () => lab.logOf(TEAMMATE.name), { timeout: 10_000 }).toMatch(/Call established/);
  await expect
    .poll(async () => secondsOf(await newest(TEAMMATE.name), lab.tones.phone), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1)
    .catch(async (e: unknown) => {
      console.log(`what the phones heard:\n${await describe()}`);
      throw e;
    });
  await expect(priya).not.toHaveAttribute('data-state', 'on_call');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: artifact('softphone-force-transferred-390.png'), fullPage: true });

  await asAdmin(browser, async (p, headers) => {
    const events = (await (await p.request.get(`/api/recovery/loan/activity/${loanId}?page_size=50`, { headers })).json()).data.events as { remark: string | null }[];
    const remarks = events.map((e) => e.remark);
    expect(remarks).toContain('Conference call with Rahul Menon (whisper) started');
    expect(remarks).toContain('Conference call with Rahul Menon (barge) started');
    expect(remarks).toContain(`Call transferred to ${TEAMMATE.fullName} (blind)`);
  });
  await context.close();
});
