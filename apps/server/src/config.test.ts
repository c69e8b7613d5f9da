import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, DATA_DIR: './data', EMBEDDED_WORKERS: true, TOKEN_TTL_HOURS: 12 });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.CORS_ORIGINS).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: ' https://a.example ,http://localhost:5173,' }).CORS_ORIGINS).toEqual([
      'https://a.example',
      'http://localhost:5173',
    ]);
  });

  it('reads schedules in America/Mexico_City unless SCHEDULE_TIME_ZONE names another IANA zone', () => {
    expect(loadConfig({})).toMatchObject({
      SCHEDULE_TIME_ZONE: 'America/Mexico_City',
      JOB_RETENTION_COMPLETED_DAYS: 7,
      JOB_RETENTION_FAILED_DAYS: 30,
    });
    expect(
      loadConfig({
        SCHEDULE_TIME_ZONE: 'America/Santiago',
        JOB_RETENTION_COMPLETED_DAYS: '2',
        JOB_RETENTION_FAILED_DAYS: '90',
      }),
    ).toMatchObject({
      SCHEDULE_TIME_ZONE: 'America/Santiago',
      JOB_RETENTION_COMPLETED_DAYS: 2,
      JOB_RETENTION_FAILED_DAYS: 90,
    });
    expect(() => loadConfig({ SCHEDULE_TIME_ZONE: 'Mexico City' })).toThrow(
      /SCHEDULE_TIME_ZONE: must be an IANA time zone/,
    );
    expect(() => loadConfig({ JOB_RETENTION_COMPLETED_DAYS: '0' })).toThrow(/JOB_RETENTION_COMPLETED_DAYS/);
  });

  it('stops the start with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL/,
    );
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD: must have at least 10/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@example.mx' })).toThrow(/ADMIN_PASSWORD: required/);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://ok.example, https://bad.example/path' })).toThrow(
      /CORS_ORIGINS/,
    );
    expect(() => loadConfig({ CRAWLER_ALLOWED_HOSTS: '127.0.0.1:4310, 127.0.0.1:99999' })).toThrow(
      /CRAWLER_ALLOWED_HOSTS: each entry is a host name/,
    );
    expect(
      loadConfig({ CRAWLER_ALLOWED_HOSTS: '127.0.0.1:4310,[::1]:4311,localhost' }).CRAWLER_ALLOWED_HOSTS,
    ).toEqual(['127.0.0.1:4310', '[::1]:4311', 'localhost']);
  });
});
