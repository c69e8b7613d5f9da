import { describe, expect, it } from 'vitest';
import { fixture } from './fake-fetch-text.ts';
import { inferVendorProfile } from './vendor-profile.ts';

const page = (body: string) => `<html><body>${body}</body></html>`;

describe('inferVendorProfile', () => {
  it('reads a Guadalajara 3D-printing bureau: type, city, state and printing capabilities', () => {
    const p = inferVendorProfile(fixture('home-bureau-es.html'), 'https://prototipa3d.com.mx/');
    expect(p).toMatchObject({ vendor_type: 'bureau', city: 'Guadalajara', state: 'Jalisco' });
    expect(p.capabilities).toEqual(
      expect.arrayContaining(['fdm_printing', 'sla_printing', 'design_services']),
    );
    expect(p.capabilities).not.toContain('laser_cutting');
    expect(p.capabilities).not.toContain('cnc_milling');
  });

  it('reads an English laser shop: laser capabilities, no Mexican place', () => {
    const p = inferVendorProfile(fixture('home-laser-en.html'), 'https://brightbeam.com/');
    expect(p.capabilities).toEqual(['laser_cutting', 'laser_engraving']);
    expect(p).toMatchObject({ city: null, state: null });
  });

  it('tells Monterrey, Nuevo León from León, Guanajuato', () => {
    const mty = inferVendorProfile(
      page('<p>Maquinado CNC y torneado. Monterrey, Nuevo León.</p>'),
      'https://m.mx/',
    );
    expect(mty).toMatchObject({ city: 'Monterrey', state: 'Nuevo León' });
    expect(mty.capabilities).toEqual(expect.arrayContaining(['cnc_milling', 'cnc_turning']));
    const leon = inferVendorProfile(page('<p>Blvd. López Mateos 10, León, Gto.</p>'), 'https://l.mx/');
    expect(leon).toMatchObject({ city: 'León', state: 'Guanajuato' });
  });

  it.each([
    [
      'makerspace',
      '<h1>Fab Lab Puebla</h1><p>Makerspace con membresías mensuales, cursos y talleres de corte láser.</p>',
    ],
    [
      'reseller',
      '<p>Distribuidor autorizado Creality y Bambu Lab. Impresoras 3D. <button>Agregar al carrito</button></p>',
    ],
    [
      'marketplace',
      '<p>Marketplace de manufactura: compara proveedores de la red de talleres de México.</p>',
    ],
    ['manufacturer', '<p>Somos fabricantes de filamento. Fabricamos en nuestra planta de Querétaro.</p>'],
    ['freelancer', '<p>Hola, soy diseñadora industrial freelance. Mira mi portafolio de modelado 3D.</p>'],
  ])('guesses %s', (type, body) => {
    expect(inferVendorProfile(page(body), 'https://x.mx/').vendor_type).toBe(type);
  });

  it('returns null for the type when the page is unclear, and supplies materials when it sells them', () => {
    const p = inferVendorProfile(
      page('<p>Venta de filamentos PLA y PETG, carrete de 1 kg.</p>'),
      'https://f.mx/',
    );
    expect(p.vendor_type).toBeNull();
    expect(p.capabilities).toContain('materials_supply');
  });
});
