import { describe, expect, it } from 'vitest';
import { MEMORY_MS, type SignIn, SignInMemory } from './sign-in-memory.ts';

const signIn = (id: number): SignIn => ({
  sessionId: id * 10,
  user: {
    id,
    name: `User ${id}`,
    email: `u${id}@example.com`,
    role: 'store-manager',
    chainIds: [],
    regionIds: [],
    storeIds: [id],
  },
});
const later = new Date(Date.UTC(2030, 0, 1));

describe('SignInMemory', () => {
  it('remembers nothing until it is live, and forgets everything when it stops being live', () => {
    const memory = new SignInMemory();
    memory.remember('a', signIn(1), later, memory.mark());
    expect(memory.get('a')).toBeUndefined();
    memory.live = true;
    memory.remember('a', signIn(1), later, memory.mark());
    expect(memory.get('a')?.user.id).toBe(1);
    memory.live = false;
    expect(memory.get('a')).toBeUndefined();
    memory.live = true;
    expect(memory.get('a')).toBeUndefined();
  });

  it('never remembers a sign-in read before a change it hears of', () => {
    const memory = new SignInMemory();
    memory.live = true;
    const mark = memory.mark();
    memory.forget(2);
    memory.remember('a', signIn(1), later, mark);
    expect(memory.get('a')).toBeUndefined();
  });

  it("forgets one user's sessions, or everyone's", () => {
    const memory = new SignInMemory();
    memory.live = true;
    for (const [hash, id] of [
      ['a', 1],
      ['b', 1],
      ['c', 2],
    ] as const)
      memory.remember(hash, signIn(id), later, memory.mark());
    memory.forget(1);
    expect([memory.get('a'), memory.get('b'), memory.get('c')?.user.id]).toEqual([undefined, undefined, 2]);
    memory.forget();
    expect(memory.get('c')).toBeUndefined();
  });

  it('keeps a sign-in until its token expires, and at most MEMORY_MS', () => {
    let now = 1_000_000;
    const memory = new SignInMemory(() => now);
    memory.live = true;
    memory.remember('soon', signIn(1), new Date(now + 5_000), memory.mark());
    memory.remember('late', signIn(2), later, memory.mark());
    now += 5_000;
    expect(memory.get('soon')).toBeUndefined();
    expect(memory.get('late')?.user.id).toBe(2);
    now += MEMORY_MS - 5_000;
    expect(memory.get('late')).toBeUndefined();
  });

  it('keeps at most 10,000 sessions, the least recently used going first', () => {
    const memory = new SignInMemory();
    memory.live = true;
    for (let i = 0; i < 10_000; i++) memory.remember(`s${i}`, signIn(i), later, memory.mark());
    expect(memory.get('s0')?.user.id).toBe(0);
    memory.remember('new', signIn(10_000), later, memory.mark());
    expect(memory.size).toBe(10_000);
    expect(memory.get('s1')).toBeUndefined();
    expect(memory.get('s0')?.user.id).toBe(0);
  });
});
