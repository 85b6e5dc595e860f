import { describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../server/config.ts';
import { supervisorSettings } from '../../server/config-values.ts';

describe('settings', () => {
  it('has working defaults with no configuration', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: null, demoData: true, smtpUrl: null, sms: null, contentUrl: null });
    expect(config.dataDir).toMatch(/data$/);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('stops with a message naming the variable when a setting is bad', () => {
    expect(() => loadConfig({ PORT: 'tre' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DEMO_DATA: 'kanskje' })).toThrow(/DEMO_DATA/);
    expect(() => loadConfig({ SMTP_URL: 'ikke en url' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMS_URL: 'https://sms.example.no' })).toThrow(/SMS_USERNAME/);
    expect(() => loadConfig({ MAIL_FROM_EMAIL: 'post' })).toThrow(/MAIL_FROM_EMAIL/);
  });

  it('reads DEMO_DATA=0, a PostgreSQL URL and a proxy setting', () => {
    const config = loadConfig({ DEMO_DATA: '0', DATABASE_URL: 'postgres://u@db:5432/portal', TRUST_PROXY: '1', PUBLIC_URL: 'https://portal.example.no/' });
    expect(config).toMatchObject({ demoData: false, databaseUrl: 'postgres://u@db:5432/portal', trustProxy: 1, publicUrl: 'https://portal.example.no' });
  });

  it('trusts a proxy only by hop count or by its addresses, and refuses TRUST_PROXY=true with the reason', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.0.1.0/24,::1' }).trustProxy).toEqual(['10.0.0.5', '10.0.1.0/24', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY.*velge sin egen IP-adresse/);
    expect(() => loadConfig({ TRUST_PROXY: 'TRUE' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.no' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });

  it('keeps backups beside the data directory unless BACKUP_DIR says otherwise, and checks the backup and retry settings', () => {
    expect(loadConfig({ DATA_DIR: '/srv/portal/data' }).backup).toEqual({ dir: '/srv/portal/backups', keep: 14, intervalHours: 6, atShutdown: true });
    expect(loadConfig({ BACKUP_DIR: '/mnt/kopier', BACKUP_KEEP: '3', BACKUP_INTERVAL_HOURS: '0', BACKUP_AT_SHUTDOWN: '0' }).backup).toEqual({
      dir: '/mnt/kopier',
      keep: 3,
      intervalHours: 0,
      atShutdown: false,
    });
    expect(() => loadConfig({ BACKUP_AT_SHUTDOWN: 'kanskje' })).toThrow(/BACKUP_AT_SHUTDOWN/);
    expect(loadConfig({}).messageRetries).toBe(4);
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
    expect(() => loadConfig({ BACKUP_INTERVAL_HOURS: '25' })).toThrow(/BACKUP_INTERVAL_HOURS/);
    expect(() => loadConfig({ MESSAGE_RETRIES: 'mange' })).toThrow(/MESSAGE_RETRIES/);
  });

  it('paces a send to a group by OUTREACH_MAILS_PER_MINUTE and OUTREACH_SMS_PER_MINUTE (120 and 60 unless set)', () => {
    expect(loadConfig({})).toMatchObject({ outreachMailsPerMinute: 120, outreachSmsPerMinute: 60 });
    expect(loadConfig({ OUTREACH_MAILS_PER_MINUTE: '30', OUTREACH_SMS_PER_MINUTE: '10' })).toMatchObject({
      outreachMailsPerMinute: 30,
      outreachSmsPerMinute: 10,
    });
    expect(() => loadConfig({ OUTREACH_MAILS_PER_MINUTE: '0' })).toThrow(/OUTREACH_MAILS_PER_MINUTE/);
    expect(() => loadConfig({ OUTREACH_SMS_PER_MINUTE: 'mange' })).toThrow(/OUTREACH_SMS_PER_MINUTE/);
  });

  it("reads the supervisor's settings by the same rules as the server's, and the server stops on a bad one", () => {
    expect(supervisorSettings({})).toEqual({ watchdogSeconds: 120, lowMemory: false });
    expect(supervisorSettings({ WATCHDOG_SECONDS: '0', LOW_MEMORY: '1' })).toEqual({ watchdogSeconds: 0, lowMemory: true });
    expect(loadConfig({ LOW_MEMORY: 'ja' })).toMatchObject({ lowMemory: true, watchdogSeconds: 120 });
    expect(() => supervisorSettings({ LOW_MEMORY: 'litt' })).toThrow(/LOW_MEMORY/);
    expect(() => loadConfig({ LOW_MEMORY: 'litt' })).toThrow(/LOW_MEMORY/);
    expect(() => loadConfig({ WATCHDOG_SECONDS: '-1' })).toThrow(/WATCHDOG_SECONDS/);
  });
});
