import { describe, expect, it } from 'vitest';
import { pipelineSteps } from './pipeline-stages.ts';

const states = (message: Parameters<typeof pipelineSteps>[0]) => pipelineSteps(message).map((s) => s.state);

describe('pipeline steps', () => {
  it('marks earlier stages done, the current one running and the rest pending', () => {
    expect(states({ stage: 'data_normalization', status: 'running' })).toEqual([
      'done',
      'done',
      'current',
      'pending',
      'pending',
      'pending',
    ]);
  });

  it('marks the failing stage failed', () => {
    expect(states({ stage: 'vendor_processing', status: 'failed' })[0]).toBe('failed');
  });

  it('marks every stage done once completed', () => {
    expect(states({ stage: 'completed', status: 'completed' })).toEqual(Array(6).fill('done'));
    expect(states({ stage: 'benchmark_calculation', status: 'completed' })).toEqual(Array(6).fill('done'));
  });
});
