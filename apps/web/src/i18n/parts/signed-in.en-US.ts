// The signed-in part (groups.ts) in en-US. The core comes as text (?raw), a module of its own, so
// the boot part's named imports of en-US.json stay alone in the boot chunk; the namespaces come
// by glob, so a new one joins without a change here (the boot's are left out: they load with it).
import type { Tree } from '../catalogue-types.ts';
import core from '../en-US.json?raw';
import { signedInTexts } from './groups.ts';

const namespaces = import.meta.glob<Tree>(
  ['../namespaces/*.en-US.json', '!../namespaces/toasts.en-US.json'],
  { eager: true, import: 'default' },
);

export const texts = signedInTexts(core, namespaces);
