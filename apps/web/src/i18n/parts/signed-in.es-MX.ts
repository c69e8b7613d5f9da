// The signed-in part (groups.ts) in es-MX. The core comes as text (?raw), a module of its own, so
// the boot part's named imports of es-MX.json stay alone in the boot chunk; the namespaces come
// by glob, so a new one joins without a change here (the boot's are left out: they load with it).
import type { Tree } from '../catalogue-types.ts';
import core from '../es-MX.json?raw';
import { signedInTexts } from './groups.ts';

const namespaces = import.meta.glob<Tree>(
  ['../namespaces/*.es-MX.json', '!../namespaces/toasts.es-MX.json'],
  { eager: true, import: 'default' },
);

export const texts = signedInTexts(core, namespaces);
