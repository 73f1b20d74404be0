import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest runs the suites one after the other (by project name: the browser journeys first). A
 * journey spends much of its time waiting on the page, so the CPU idled through them and the
 * CPU-bound server files ran alone at the end. Interleaved, the journeys take most of the workers
 * while the rest fill the idle time: each journey file is followed by an even share of the others.
 */
export default class InterleavedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const journeys = sorted.filter((file) => file.project.name === 'e2e');
    const others = sorted.filter((file) => file.project.name !== 'e2e');
    if (journeys.length === 0) return sorted;
    const share = Math.ceil(others.length / journeys.length);
    return journeys.flatMap((journey, index) => [
      journey,
      ...others.slice(index * share, (index + 1) * share),
    ]);
  }
}
