import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderComponent } from '../../testing/render-component.tsx';
import { AppFooter } from './app-footer.tsx';

const linksOf = () =>
  within(screen.getByRole('navigation'))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('AppFooter', () => {
  it("shows the year and links to the company's sites in Spanish, each opening apart", () => {
    renderComponent(<AppFooter />);
    expect(screen.getByRole('contentinfo').textContent).toContain(`© ${new Date().getFullYear()} PrecioFab`);
    expect(linksOf()).toEqual([
      ['Sitio de PrecioFab', 'https://preciofab.mx/'],
      ['Blog', 'https://preciofab.mx/blog'],
      ['Contacto', 'https://preciofab.mx/contacto'],
      ['Aviso de privacidad', 'https://preciofab.mx/privacidad'],
      ['Documentación de la API', '/docs'],
    ]);
    const site = screen.getByRole('link', { name: 'Sitio de PrecioFab' });
    expect(site.getAttribute('target')).toBe('_blank');
    expect(site.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('says them in English', () => {
    renderComponent(<AppFooter />, { language: 'en' });
    expect(linksOf().map(([text]) => text)).toEqual([
      'PrecioFab website',
      'Blog',
      'Contact',
      'Privacy notice',
      'API documentation',
    ]);
  });
});
