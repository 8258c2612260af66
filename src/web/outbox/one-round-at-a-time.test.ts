import { describe, expect, it } from 'vitest';
import { oneRoundAtATime } from './one-round-at-a-time.ts';

/** A round that waits until the test lets it end, counting how many began. */
function heldRounds() {
  const ends: Array<() => void> = [];
  let began = 0;
  const round = () =>
    new Promise<void>((resolve) => {
      began += 1;
      ends.push(resolve);
    });
  const endRound = async () => {
    ends.shift()!();
    // Let the runner see the end and begin the next round, if one was asked for.
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { round, endRound, began: () => began };
}

describe('oneRoundAtATime', () => {
  it('runs a round at once when none runs', async () => {
    const { round, endRound, began } = heldRounds();
    const trigger = oneRoundAtATime(round);
    const done = trigger();
    expect(began()).toBe(1);
    await endRound();
    await done;
    expect(began()).toBe(1);
  });

  it('runs one more round after the running one when asked during it, and never two at once', async () => {
    const { round, endRound, began } = heldRounds();
    const trigger = oneRoundAtATime(round);
    const first = trigger();
    // The online event, while the round without a network is still reading the outbox.
    const asked = trigger();
    expect(began()).toBe(1);
    await endRound();
    expect(began()).toBe(2);
    let settled = false;
    void asked.then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    await endRound();
    await Promise.all([first, asked]);
    expect(began()).toBe(2);
  });

  it('runs one more round for several calls during the same round', async () => {
    const { round, endRound, began } = heldRounds();
    const trigger = oneRoundAtATime(round);
    const calls = [trigger(), trigger(), trigger()];
    await endRound();
    await endRound();
    await Promise.all(calls);
    expect(began()).toBe(2);
    // Idle again: the next call runs at once.
    void trigger();
    expect(began()).toBe(3);
    await endRound();
  });

  it('is ready for the next call after a round fails', async () => {
    let rounds = 0;
    const trigger = oneRoundAtATime(async () => {
      rounds += 1;
      if (rounds === 1) throw new Error('IndexedDB could not be read');
    });
    await expect(trigger()).rejects.toThrow('IndexedDB could not be read');
    await trigger();
    expect(rounds).toBe(2);
  });
});
