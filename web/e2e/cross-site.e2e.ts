import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from './support/browser.ts';

/**
 * Issue 16 (HIGH), with a real browser as the attacker's tool: a page served from another port of
 * the console's host — the object store's place, same *site* as the console, so the phone's
 * `SameSite=Strict` device cookie goes along — auto-posts the scan confirmation with the
 * attacker's ticket. The server refuses it (403 page) and the attacker's ticket stays pending.
 */
let browser: Browser;
let attackerSite: http.Server;
let attackerOrigin: string;
/** The attacker's ticket (public id), put into the page the victim opens. */
let attackersTicket = '';

const autoPostingPage = () => `<!doctype html><html><body>
<form id="f" method="post" action="${baseUrl}/designerapi/v1/scan/confirm">
<input type="hidden" name="ticket" value="${attackersTicket}">
</form>
<script>document.getElementById('f').submit()</script>
</body></html>`;

beforeAll(async () => {
  browser = await launchBrowser();
  // Same host as the console (127.0.0.1), another port: same site, another origin, like the store.
  attackerSite = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(autoPostingPage());
  });
  await new Promise<void>((resolve) => attackerSite.listen(0, new URL(baseUrl).hostname, resolve));
  attackerOrigin = `http://${new URL(baseUrl).hostname}:${(attackerSite.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => attackerSite?.close(resolve));
});

interface CreatedTicket {
  ticket: string;
  pollSecret: string;
  qrUrl: string;
}

const createTicket = async (): Promise<CreatedTicket> => {
  const res = await fetch(`${baseUrl}/designerapi/v1/scan-tickets`, { method: 'POST' });
  return ((await res.json()) as { data: CreatedTicket }).data;
};

const pollState = async ({ ticket, pollSecret }: CreatedTicket) => {
  const res = await fetch(`${baseUrl}/designerapi/v1/codePcRegister?ticket=${ticket}`, {
    headers: { 'x-scan-poll-secret': pollSecret },
  });
  return ((await res.json()) as { data: { state: string } }).data.state;
};

describe('cross-site: a same-site page auto-posting the scan confirmation', () => {
  it('the store-like page’s auto-post with the victim phone’s cookie lands on a 403 page and confirms nothing', async () => {
    const { context, page: phone } = await newPage(browser, { viewport: { width: 390, height: 800 } });
    // The victim's phone has scanned before: it holds its device cookie.
    const own = await createTicket();
    const ownUrl = new URL(own.qrUrl);
    await phone.goto(`${baseUrl}${ownUrl.pathname}${ownUrl.search}`);
    await phone.getByRole('button', { name: /确认登录/ }).waitFor();
    expect((await context.cookies()).map((cookie) => cookie.name)).toContain('dc_scan_device');

    const attackers = await createTicket();
    attackersTicket = attackers.ticket;
    const confirmAnswer = phone.waitForResponse((response) =>
      response.url().endsWith('/designerapi/v1/scan/confirm'),
    );
    await phone.goto(`${attackerOrigin}/designers/2/images/cover.png`);
    const answer = await confirmAnswer;
    expect(answer.status()).toBe(403);
    expect(await answer.request().headerValue('sec-fetch-site')).toBe('same-site');
    expect(await answer.request().headerValue('cookie')).toMatch(/dc_scan_device=/);
    await phone.getByText('请求被拒绝').waitFor();
    expect(await pollState(attackers)).toBe('pending');
    await context.close();
  });
});
