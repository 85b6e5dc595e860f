import { chromium } from 'playwright-core';
import { openPglite } from '../server/db/pglite.ts';
import { migrate } from '../server/db/migrate.ts';
import { seedDemoData, DEMO_PASSWORD } from '../server/demo/index.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createServices } from '../server/plugins/services.ts';
const db = await openPglite(); await migrate(db); await seedDemoData(db);
const app = await buildApp(createServices(loadConfig({ STATIC_DIR: '/work/wt/minside/dist', PUBLIC_URL: 'http://127.0.0.1' }), db));
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as any).port}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const m = (await app.inject({ method: 'POST', url: '/api/user/login', payload: { email: 'medlem@example.no', password: DEMO_PASSWORD } })).json();
const width = Number(process.env.W ?? 1280);
for (const p of process.argv.slice(2)) for (let round = 0; round < Number(process.env.N ?? 2); round++) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } }); const page = await ctx.newPage();
  if (process.env.SLOW) { const cdp = await ctx.newCDPSession(page); await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: Number(process.env.SLOW), downloadThroughput: 200000, uploadThroughput: 100000 }); await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 }); }
  await page.addInitScript(`window.__s=[];new PerformanceObserver((l)=>{for(const e of l.getEntries()) window.__s.push({v:e.value,t:Math.round(e.startTime),src:e.sources.map(s=>(s.node&&s.node.nodeType===1?s.node.tagName+'.'+s.node.className+' '+(s.node.textContent||'').slice(0,40):String(s.node&&s.node.nodeName))+' '+JSON.stringify(s.previousRect)+'->'+JSON.stringify(s.currentRect))})}).observe({type:'layout-shift',buffered:true});`);
  if (p.includes('{id}')) await page.addInitScript((s: any) => { localStorage.setItem('token', s.access_token); localStorage.setItem('userId', String(s.user_id)); localStorage.setItem('userRole', String(s.role.id)); localStorage.setItem('isLoggedIn', 'true'); localStorage.setItem('firstName', s.first_name); localStorage.setItem('lastName', s.last_name); localStorage.setItem('registrationCompleted', String(s.registration_completed)); }, m);
  await page.goto(base + p.replace('{id}', String(m.user_id))); await page.waitForLoadState('networkidle');
  await page.evaluate('new Promise((d)=>requestAnimationFrame(()=>requestAnimationFrame(d)))');
  console.log('==', p, JSON.stringify(await page.evaluate('window.__s'), null, 1));
  if (process.env.SHOT) await page.screenshot({ path: `/tmp/ms/shot-${process.env.SHOT}-${width}-${p.replace(/[^a-z]/g, '_')}.png`, fullPage: true });
  await ctx.close();
}
await browser.close(); await app.close(); await db.close();
