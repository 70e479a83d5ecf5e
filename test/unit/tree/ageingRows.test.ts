import assert from 'node:assert/strict';
import { AgeingRows } from '../../../src/core/tree/ageingRows';
import { Emitter } from '../../../src/core/util/events';
import { ManualClock } from '../../helpers/manualClock';

describe('AgeingRows: "3 minutes ago" stays true without a request', () => {
  function setup(visible: boolean) {
    const clock = new ManualClock();
    const visibility = new Emitter<{ visible: boolean }>();
    const view = { visible, onDidChangeVisibility: visibility.event };
    // What each row would say now: its age in whole minutes on the manual clock.
    const born = new Map<string, number>();
    const describe = (id: string) => {
      const at = born.get(id);
      return at === undefined ? undefined : { description: `${Math.floor((clock.now() - at) / 60_000)} minutes ago` };
    };
    const redrawn: string[] = [];
    const rows = new AgeingRows<{ id: string }>(view, describe, (element) => redrawn.push(element.id), clock);
    const draw = (id: string, ageing = true) => {
      const look = ageing ? describe(id) ?? {} : { description: 'static' };
      rows.noteDrawn(id, { id }, { ...look, ageing });
    };
    const setVisible = (v: boolean) => { view.visible = v; visibility.fire({ visible: v }); };
    return { clock, born, rows, redrawn, draw, setVisible };
  }

  it('redraws, once a minute while visible, only the rows whose words changed', async () => {
    const { clock, born, redrawn, draw } = setup(true);
    born.set('old', clock.now() - 30_000); // 0 minutes ago, becomes 1 in 30 s
    born.set('new', clock.now());
    born.set('plain', clock.now());
    draw('old');
    draw('new');
    draw('plain', false);
    await clock.advance(60_000);
    assert.deepEqual(redrawn.sort(), ['new', 'old'], 'both now read one minute more');
    redrawn.length = 0;
    draw('old'); // VS Code draws them again with the new words
    draw('new');
    await clock.advance(59_000);
    assert.deepEqual(redrawn, [], 'no timer fired before the next minute');
    await clock.advance(1_000);
    assert.deepEqual(redrawn.sort(), ['new', 'old']);
  });

  it('runs no timer while the view is hidden, and checks at once when it shows again', async () => {
    const { clock, born, redrawn, draw, setVisible, rows } = setup(false);
    born.set('a', clock.now());
    draw('a');
    await clock.advance(10 * 60_000);
    assert.deepEqual(redrawn, [], 'hidden: nothing');
    setVisible(true);
    assert.deepEqual(redrawn, ['a'], 'shown: redrawn at once');
    setVisible(false);
    redrawn.length = 0;
    await clock.advance(10 * 60_000);
    assert.deepEqual(redrawn, []);
    rows.dispose();
    setVisible(true);
    assert.deepEqual(redrawn, [], 'disposed: deaf to the view');
  });

  it('forgets rows that are gone or stopped ageing', async () => {
    const { clock, born, redrawn, draw } = setup(true);
    born.set('gone', clock.now());
    born.set('static', clock.now());
    draw('gone');
    draw('static');
    draw('static', false);
    born.delete('gone');
    await clock.advance(60_000);
    born.set('gone', clock.now() - 5 * 60_000);
    await clock.advance(60_000);
    assert.deepEqual(redrawn, []);
  });
});
