import { describe, expect, it } from 'vitest';
import { pipelineSteps } from './pipeline-stages.ts';

type Message = Parameters<typeof pipelineSteps>[0];
const crawl = (stage: Message['stage'], status: Message['status']): Message => ({
  stage,
  status,
  details: { source: 'crawl' },
});
const steps = (message: Message) => pipelineSteps(message).map((s) => `${s.stage}:${s.state}`);

describe('pipeline steps', () => {
  it('shows a crawl only the stages it runs: no benchmark calculation, no export generation', () => {
    expect(steps(crawl('data_normalization', 'running'))).toEqual([
      'vendor_processing:done',
      'price_collection:done',
      'data_normalization:current',
      'completed:pending',
    ]);
    expect(steps(crawl('completed', 'completed'))).toEqual([
      'vendor_processing:done',
      'price_collection:done',
      'data_normalization:done',
      'completed:done',
    ]);
  });

  it('shows the benchmark job its own stage, not the crawl stages before it', () => {
    const message: Message = {
      stage: 'benchmark_calculation',
      status: 'running',
      details: { source: 'benchmark' },
    };
    expect(steps(message)).toEqual(['benchmark_calculation:current', 'completed:pending']);
  });

  it('shows a report its export stage and a discovery run its two stages', () => {
    expect(steps({ stage: 'export_generation', status: 'running', details: { source: 'report' } })).toEqual([
      'export_generation:current',
      'completed:pending',
    ]);
    expect(
      steps({ stage: 'vendor_processing', status: 'running', details: { source: 'discovery' } }),
    ).toEqual(['vendor_processing:current', 'data_normalization:pending', 'completed:pending']);
  });

  it('marks the failing stage failed', () => {
    expect(steps(crawl('price_collection', 'failed'))[1]).toBe('price_collection:failed');
  });
});
