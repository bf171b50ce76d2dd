/**
 * The solver's memo: an open-addressing hash set of positions, each position the 91-bit set of
 * occupied cells held in three 32-bit words.
 */
export class PositionSet {
  private words: Int32Array;
  private used: Uint8Array;
  private size = 0;
  private mask: number;
  constructor(capacity = 1024) {
    this.mask = capacity - 1;
    this.words = new Int32Array(capacity * 3);
    this.used = new Uint8Array(capacity);
  }
  private slot(a: number, b: number, c: number): number {
    let h = Math.imul(a ^ Math.imul(b, 0x9e3779b1) ^ Math.imul(c, 0x85ebca6b), 0xc2b2ae35);
    h ^= h >>> 15;
    let i = h & this.mask;
    while (this.used[i] === 1) {
      const w = i * 3;
      if (this.words[w] === a && this.words[w + 1] === b && this.words[w + 2] === c) return i;
      i = (i + 1) & this.mask;
    }
    return i;
  }
  clear(): void {
    if (this.size > 0) this.used.fill(0);
    this.size = 0;
  }
  has(a: number, b: number, c: number): boolean {
    return this.used[this.slot(a, b, c)] === 1;
  }
  add(a: number, b: number, c: number): void {
    if ((this.size + 1) * 2 > this.mask + 1) this.grow();
    const i = this.slot(a, b, c);
    if (this.used[i] === 1) return;
    this.used[i] = 1;
    this.words[i * 3] = a;
    this.words[i * 3 + 1] = b;
    this.words[i * 3 + 2] = c;
    this.size++;
  }
  private grow(): void {
    const { words, used } = this;
    const capacity = (this.mask + 1) * 2;
    this.mask = capacity - 1;
    this.words = new Int32Array(capacity * 3);
    this.used = new Uint8Array(capacity);
    this.size = 0;
    for (let i = 0; i < used.length; i++) {
      if (used[i] === 1)
        this.add(words[i * 3] as number, words[i * 3 + 1] as number, words[i * 3 + 2] as number);
    }
  }
}
