import { describe, expect, it } from 'vitest';
import { JOB_NAMES, jobContracts } from '@preciofab/shared/contracts/jobs';
import { allJobs, jobHandlers } from './all-jobs.ts';

// The compiler already refuses a contract name without a handler (all-jobs.ts): this checks what
// the runner is actually given.
describe('the job contract and its handlers', () => {
  it('gives every job of the contract exactly one handler, and no job outside it', () => {
    expect(allJobs.map((j) => j.name).sort()).toEqual([...JOB_NAMES].sort());
  });

  it("runs each job with its contract's payload schema and attempts", () => {
    for (const name of JOB_NAMES) {
      const handler = jobHandlers[name];
      expect(handler.name).toBe(name);
      expect(handler.payload).toBe(jobContracts[name].payload);
      expect(handler.maxAttempts).toBe(jobContracts[name].maxAttempts);
    }
  });
});
