/** Mexico's 32 states, folded pattern → name as written. Ciudad de México counts as one. */
const STATES: ReadonlyArray<[string, string]> = [
  ['aguascalientes', 'Aguascalientes'],
  ['baja california sur', 'Baja California Sur'],
  ['baja california(?! sur)', 'Baja California'],
  ['campeche', 'Campeche'],
  ['chiapas', 'Chiapas'],
  ['chihuahua', 'Chihuahua'],
  ['cdmx|ciudad de mexico|mexico city|mexico,? d\\.?f\\.?|distrito federal', 'Ciudad de México'],
  ['coahuila', 'Coahuila'],
  ['colima', 'Colima'],
  ['durango', 'Durango'],
  ['estado de mexico|edomex|edo\\.? mex', 'Estado de México'],
  ['guanajuato', 'Guanajuato'],
  ['guerrero', 'Guerrero'],
  ['hidalgo', 'Hidalgo'],
  ['jalisco', 'Jalisco'],
  ['michoacan', 'Michoacán'],
  ['morelos', 'Morelos'],
  ['nayarit', 'Nayarit'],
  ['nuevo leon', 'Nuevo León'],
  ['oaxaca', 'Oaxaca'],
  ['puebla', 'Puebla'],
  ['queretaro', 'Querétaro'],
  ['quintana roo', 'Quintana Roo'],
  ['san luis potosi', 'San Luis Potosí'],
  ['sinaloa', 'Sinaloa'],
  ['sonora', 'Sonora'],
  ['tabasco', 'Tabasco'],
  ['tamaulipas', 'Tamaulipas'],
  ['tlaxcala', 'Tlaxcala'],
  ['veracruz', 'Veracruz'],
  ['yucatan', 'Yucatán'],
  ['zacatecas', 'Zacatecas'],
];

/** The cities vendors name in addresses, with their state. */
const CITIES: ReadonlyArray<[string, string, string]> = [
  ['cdmx|ciudad de mexico|mexico city|mexico,? d\\.?f\\.?', 'Ciudad de México', 'Ciudad de México'],
  ['guadalajara', 'Guadalajara', 'Jalisco'],
  ['zapopan', 'Zapopan', 'Jalisco'],
  ['tlaquepaque', 'Tlaquepaque', 'Jalisco'],
  ['monterrey', 'Monterrey', 'Nuevo León'],
  ['san pedro garza garcia', 'San Pedro Garza García', 'Nuevo León'],
  ['puebla', 'Puebla', 'Puebla'],
  ['queretaro|santiago de queretaro', 'Querétaro', 'Querétaro'],
  ['(?<!nuevo )leon(?:,? gto\\.?|,? guanajuato)?', 'León', 'Guanajuato'],
  ['tijuana', 'Tijuana', 'Baja California'],
  ['mexicali', 'Mexicali', 'Baja California'],
  ['ensenada', 'Ensenada', 'Baja California'],
  ['ciudad juarez|cd\\.? juarez', 'Ciudad Juárez', 'Chihuahua'],
  ['chihuahua', 'Chihuahua', 'Chihuahua'],
  ['merida', 'Mérida', 'Yucatán'],
  ['cancun', 'Cancún', 'Quintana Roo'],
  ['toluca', 'Toluca', 'Estado de México'],
  ['aguascalientes', 'Aguascalientes', 'Aguascalientes'],
  ['san luis potosi', 'San Luis Potosí', 'San Luis Potosí'],
  ['saltillo', 'Saltillo', 'Coahuila'],
  ['torreon', 'Torreón', 'Coahuila'],
  ['hermosillo', 'Hermosillo', 'Sonora'],
  ['culiacan', 'Culiacán', 'Sinaloa'],
  ['morelia', 'Morelia', 'Michoacán'],
  ['celaya', 'Celaya', 'Guanajuato'],
  ['irapuato', 'Irapuato', 'Guanajuato'],
  ['xalapa|jalapa', 'Xalapa', 'Veracruz'],
  ['oaxaca de juarez', 'Oaxaca', 'Oaxaca'],
  ['tuxtla gutierrez', 'Tuxtla Gutiérrez', 'Chiapas'],
  ['villahermosa', 'Villahermosa', 'Tabasco'],
  ['cuernavaca', 'Cuernavaca', 'Morelos'],
  ['pachuca', 'Pachuca', 'Hidalgo'],
  ['tampico', 'Tampico', 'Tamaulipas'],
  ['reynosa', 'Reynosa', 'Tamaulipas'],
  ['durango', 'Durango', 'Durango'],
  ['zacatecas', 'Zacatecas', 'Zacatecas'],
  ['tepic', 'Tepic', 'Nayarit'],
];

const word = (pattern: string) => new RegExp(`\\b(?:${pattern})\\b`, 'g');
const STATE_RES = STATES.map(([p, name]) => ({ re: word(p), name }));
const CITY_RES = CITIES.map(([p, city, state]) => ({ re: word(p), city, state }));

const count = (re: RegExp, folded: string) => folded.match(re)?.length ?? 0;

/** The most mentioned Mexican city and state in folded text. A named city brings its state, unless
 * a state is mentioned more often (a city shared with a state name counts for both). */
export function findMexicanPlace(folded: string): { city: string | null; state: string | null } {
  let city: { city: string; state: string; n: number } | null = null;
  for (const c of CITY_RES) {
    const n = count(c.re, folded);
    if (n > (city?.n ?? 0)) city = { city: c.city, state: c.state, n };
  }
  let state: { name: string; n: number } | null = null;
  for (const s of STATE_RES) {
    const n = count(s.re, folded);
    if (n > (state?.n ?? 0)) state = { name: s.name, n };
  }
  if (city && (!state || state.name === city.state || state.n <= city.n)) {
    return { city: city.city, state: city.state };
  }
  return { city: null, state: state?.name ?? null };
}

/** How many distinct Mexican places (cities and states) folded text names. */
export function countMexicanPlaces(folded: string): number {
  const names = new Set<string>();
  for (const c of CITY_RES) if (count(c.re, folded)) names.add(c.state);
  for (const s of STATE_RES) if (count(s.re, folded)) names.add(s.name);
  return names.size;
}
