import { describe, expect, it } from 'vitest';
import { EVIDENCE_ONLY_FACTOR, scoreEvidence, scorePage, scoreRelevance } from './candidate-scoring.ts';
import { fixture } from './fake-fetch-text.ts';

const bureau = () => scorePage(fixture('home-bureau-es.html'), 'https://prototipa3d.com.mx/');
const laser = () => scorePage(fixture('home-laser-en.html'), 'https://brightbeam.com/');
const newsEs = () => scorePage(fixture('home-news-es.html'), 'https://diariodeoccidente.mx/');
const newsEn = () => scorePage(fixture('home-news-en.html'), 'https://techdaily.com/');
const restaurant = () => scorePage(fixture('home-restaurant-es.html'), 'https://tacoselguero.mx/');

describe('candidate scoring', () => {
  it('scores a Spanish 3D-printing bureau in Guadalajara high, as additive manufacturing', () => {
    const s = bureau();
    expect(s.confidence).toBeGreaterThanOrEqual(0.85);
    expect(s.categories[0]).toBe('additive_manufacturing');
    expect(s.signals.latam).toBeGreaterThanOrEqual(0.8);
    expect(s.title).toBe('Prototipa3D Guadalajara');
    expect(s.description).toMatch(/^Servicio de impresión 3D en Guadalajara/);
  });

  it('scores an English laser-cutting shop decently, with little LATAM signal', () => {
    const s = laser();
    expect(s.confidence).toBeGreaterThanOrEqual(0.5);
    expect(s.confidence).toBeLessThan(bureau().confidence);
    expect(s.signals.latam).toBeLessThan(0.2);
    expect(s.signals.fabrication).toBeGreaterThanOrEqual(0.8);
    expect(s.categories).toContain('laser_cutting');
    expect(s.categories).not.toContain('additive_manufacturing');
  });

  it.each([
    ['a Spanish news article about 3D printing in Jalisco', newsEs, 0.25],
    ['an English news article about laser cutters', newsEn, 0.25],
    ['a Guadalajara restaurant with a price list', restaurant, 0.15],
  ])('scores %s low', (_label, score, max) => {
    const s = score();
    expect(s.confidence).toBeLessThan(max);
    expect(s.confidence).toBeLessThan(laser().confidence - 0.3);
  });

  it('counts the news markers against a page that does mention fabrication', () => {
    const s = newsEs();
    expect(s.signals.fabrication).toBeGreaterThan(0.3);
    expect(s.signals.penalty).toBeGreaterThan(0.3);
  });

  it('gives Mexican places, phones, C.P., RFC and .mx a LATAM signal, and a US address none', () => {
    const mx = scoreRelevance({
      url: 'https://a.mx/',
      text: 'Corte láser. Tel. +52 55 1234 5678, C.P. 06700, CDMX',
    });
    const us = scoreRelevance({
      url: 'https://a.com/',
      text: 'Laser cutting. Call (503) 555-0142, Portland, OR 97209',
    });
    expect(mx.signals.latam).toBeGreaterThanOrEqual(0.9);
    expect(us.signals.latam).toBe(0);
  });

  it('suggests every category with enough weight, strongest first', () => {
    const text = 'Maquinado CNC, fresadora y torno CNC. También corte láser y grabado láser de acrílico.';
    const s = scoreRelevance({ url: 'https://taller.mx/', text });
    expect(s.categories).toEqual(['cnc_machining', 'laser_cutting']);
  });

  it('discounts a score made from the collector’s evidence alone', () => {
    const text = 'Prototipa3D Impresión 3D FDM y resina · Guadalajara, Jalisco';
    const full = scoreRelevance({ url: 'https://prototipa3d.com.mx/', text });
    const evidenceOnly = scoreEvidence('https://prototipa3d.com.mx/', text);
    expect(full.confidence).toBeGreaterThan(0);
    expect(evidenceOnly.confidence).toBeCloseTo(full.confidence * EVIDENCE_ONLY_FACTOR, 3);
    expect(evidenceOnly.confidence).toBeLessThan(bureau().confidence);
  });

  it('adds a little for a source keyword found on the page', () => {
    const input = { url: 'https://a.com/', text: 'Custom laser cutting of acrylic signs' };
    const without = scoreRelevance(input).confidence;
    expect(scoreRelevance({ ...input, keywords: ['Laser Cutting'] }).confidence).toBeGreaterThan(without);
    expect(scoreRelevance({ ...input, keywords: ['impresión 3D'] }).confidence).toBe(without);
  });
});
