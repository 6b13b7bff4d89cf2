/**
 * Who holds the heap: a V8 heap snapshot's dominator tree, summed up as the
 * owners that retain the most (the "Retainers" view of DevTools, in text).
 * `heap-breakdown.ts` takes the snapshots; this file only reads them.
 */

interface RawSnapshot {
  snapshot: {
    meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] };
    node_count: number;
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

/** One owner: a path of edge names from the root, what it is, and the bytes it alone keeps alive. */
export interface Owner {
  path: string;
  what: string;
  retained: number;
  self: number;
}

/**
 * The dominator tree of a snapshot (Cooper, Harvey and Kennedy's iterative
 * algorithm over a reverse postorder), walked from the root: every node that
 * retains at least `minBytes`, to `maxDepth` levels, with its path.
 */
export function owners(json: string, minBytes: number, maxDepth = 12): { total: number; owners: Owner[] } {
  const s = JSON.parse(json) as RawSnapshot;
  const nf = s.snapshot.meta.node_fields;
  const ef = s.snapshot.meta.edge_fields;
  const nodeTypes = s.snapshot.meta.node_types[0];
  const edgeTypes = s.snapshot.meta.edge_types[0];
  const NF = nf.length;
  const EF = ef.length;
  const fType = nf.indexOf('type');
  const fName = nf.indexOf('name');
  const fSelf = nf.indexOf('self_size');
  const fEdges = nf.indexOf('edge_count');
  const eType = ef.indexOf('type');
  const eName = ef.indexOf('name_or_index');
  const eTo = ef.indexOf('to_node');
  const n = s.nodes.length / NF;
  const firstEdge = new Uint32Array(n + 1);
  for (let i = 0, e = 0; i < n; i++) {
    firstEdge[i] = e;
    e += (s.nodes[i * NF + fEdges] as number) * EF;
    firstEdge[i + 1] = e;
  }
  const weak = edgeTypes.indexOf('weak');
  const shortcut = edgeTypes.indexOf('shortcut');
  const usable = (e: number) => {
    const t = s.edges[e + eType] as number;
    return t !== weak && t !== shortcut;
  };
  // Postorder by an iterative depth-first walk from the root (node 0).
  const order = new Int32Array(n).fill(-1);
  const post: number[] = [];
  const stack: number[] = [0];
  const next = new Uint32Array(n);
  for (let i = 0; i < n; i++) next[i] = firstEdge[i] as number;
  order[0] = -2;
  while (stack.length > 0) {
    const v = stack[stack.length - 1] as number;
    let pushed = false;
    while ((next[v] as number) < (firstEdge[v + 1] as number)) {
      const e = next[v] as number;
      next[v] = e + EF;
      if (!usable(e)) continue;
      const w = (s.edges[e + eTo] as number) / NF;
      if (order[w] !== -1) continue;
      order[w] = -2;
      stack.push(w);
      pushed = true;
      break;
    }
    if (!pushed) {
      stack.pop();
      order[v] = post.length;
      post.push(v);
    }
  }
  // Predecessors, reachable ones only.
  const predCount = new Uint32Array(n + 1);
  for (let v = 0; v < n; v++) {
    if ((order[v] as number) < 0) continue;
    for (let e = firstEdge[v] as number; e < (firstEdge[v + 1] as number); e += EF)
      if (usable(e)) predCount[(s.edges[e + eTo] as number) / NF]++;
  }
  const predStart = new Uint32Array(n + 1);
  for (let v = 0; v < n; v++) predStart[v + 1] = (predStart[v] as number) + (predCount[v] as number);
  const preds = new Uint32Array(predStart[n] as number);
  const fillAt = predStart.slice(0, n);
  for (let v = 0; v < n; v++) {
    if ((order[v] as number) < 0) continue;
    for (let e = firstEdge[v] as number; e < (firstEdge[v + 1] as number); e += EF) {
      if (!usable(e)) continue;
      const w = (s.edges[e + eTo] as number) / NF;
      preds[fillAt[w]++] = v;
    }
  }
  const idom = new Int32Array(n).fill(-1);
  idom[0] = 0;
  const intersect = (a: number, b: number) => {
    while (a !== b) {
      while ((order[a] as number) < (order[b] as number)) a = idom[a] as number;
      while ((order[b] as number) < (order[a] as number)) b = idom[b] as number;
    }
    return a;
  };
  for (let changed = true; changed;) {
    changed = false;
    for (let k = post.length - 2; k >= 0; k--) {
      const v = post[k] as number;
      let d = -1;
      for (let p = predStart[v] as number; p < (predStart[v + 1] as number); p++) {
        const u = preds[p] as number;
        if (idom[u] === -1) continue;
        d = d === -1 ? u : intersect(u, d);
      }
      if (d !== idom[v]) {
        idom[v] = d;
        changed = true;
      }
    }
  }
  const retained = new Float64Array(n);
  for (const v of post) retained[v] = (retained[v] as number) + (s.nodes[v * NF + fSelf] as number);
  for (const v of post) if (v !== 0 && (idom[v] as number) >= 0) retained[idom[v] as number] += retained[v] as number;
  // Children of each dominator, and the name of an edge into each node from its dominator.
  const kids = new Map<number, number[]>();
  for (const v of post) {
    if (v === 0 || (idom[v] as number) < 0) continue;
    const d = idom[v] as number;
    const list = kids.get(d) ?? [];
    list.push(v);
    kids.set(d, list);
  }
  const edgeLabel = (from: number, to: number): string => {
    for (let e = firstEdge[from] as number; e < (firstEdge[from + 1] as number); e += EF) {
      if ((s.edges[e + eTo] as number) / NF !== to) continue;
      const t = edgeTypes[s.edges[e + eType] as number];
      const name = s.edges[e + eName] as number;
      return t === 'element' || t === 'hidden' ? `[${name}]` : (s.strings[name] ?? '?');
    }
    // Not held by its dominator directly: name a retainer's edge instead.
    for (let p = predStart[to] as number; p < (predStart[to + 1] as number); p++) {
      const u = preds[p] as number;
      for (let e = firstEdge[u] as number; e < (firstEdge[u + 1] as number); e += EF) {
        if ((s.edges[e + eTo] as number) / NF !== to || !usable(e)) continue;
        const t = edgeTypes[s.edges[e + eType] as number];
        const name = s.edges[e + eName] as number;
        const un = s.strings[s.nodes[u * NF + fName] as number] ?? '';
        return `~(${un.slice(0, 20)}${t === 'element' || t === 'hidden' ? `[${name}]` : `.${s.strings[name] ?? '?'}`})`;
      }
    }
    return '~';
  };
  const what = (v: number) => {
    const name = s.strings[s.nodes[v * NF + fName] as number] ?? '';
    return `${nodeTypes[s.nodes[v * NF + fType] as number]}:${name.length > 40 ? `${name.slice(0, 40)}…` : name}`;
  };
  /** Every retainer of `v`, as `name.edge`: who shares an object its dominator does not hold alone. */
  const holders = (v: number): string => {
    const names: string[] = [];
    for (let p = predStart[v] as number; p < (predStart[v + 1] as number); p++) {
      const u = preds[p] as number;
      for (let e = firstEdge[u] as number; e < (firstEdge[u + 1] as number); e += EF) {
        if ((s.edges[e + eTo] as number) / NF !== v || !usable(e)) continue;
        const t = edgeTypes[s.edges[e + eType] as number];
        const name = s.edges[e + eName] as number;
        const un = s.strings[s.nodes[u * NF + fName] as number] ?? '';
        names.push(
          `${un.slice(0, 24)}${t === 'element' || t === 'hidden' ? `[${name}]` : `.${s.strings[name] ?? '?'}`}`,
        );
      }
    }
    return names.slice(0, 6).join(', ');
  };
  const props = (v: number): string => {
    const names: string[] = [];
    for (let e = firstEdge[v] as number; e < (firstEdge[v + 1] as number) && names.length < 12; e += EF) {
      const t = edgeTypes[s.edges[e + eType] as number];
      if (t !== 'property') continue;
      const w = (s.edges[e + eTo] as number) / NF;
      names.push(
        `${s.strings[s.edges[e + eName] as number]}=${(retained[w] as number) > 1e5 ? `${((retained[w] as number) / 1e6).toFixed(1)}MB` : ''}`,
      );
    }
    return names.join(' ');
  };
  const out: Owner[] = [];
  const kind = (v: number) => {
    const t = nodeTypes[s.nodes[v * NF + fType] as number];
    return t === 'object' || t === 'closure' ? what(v) : `${t}`;
  };
  const walk = (v: number, path: string, depth: number) => {
    const all = kids.get(v) ?? [];
    // Many siblings of one kind (a column's chunk strings, a list's items) are one owner, summed.
    const byKind = new Map<string, number[]>();
    for (const w of all) {
      const e = edgeLabel(v, w);
      const k = e.startsWith('[') || e.startsWith('~') ? kind(w) : `.${e}`;
      const list = byKind.get(k) ?? [];
      list.push(w);
      byKind.set(k, list);
    }
    const lines: { w: number; label: string; retained: number; self: number; many: boolean }[] = [];
    for (const [k, list] of byKind) {
      if (list.length > 3) {
        let r = 0;
        let self = 0;
        for (const w of list) {
          r += retained[w] as number;
          self += s.nodes[w * NF + fSelf] as number;
        }
        const top = list.reduce((a, b) => ((retained[b] as number) > (retained[a] as number) ? b : a));
        lines.push({
          w: top,
          label: `${list.length} × ${k} (the biggest ${((retained[top] as number) / 1e6).toFixed(1)} MB, held by ${holders(top)}; holding ${props(top)})`,
          retained: r,
          self,
          many: true,
        });
      } else
        for (const w of list)
          lines.push({
            w,
            label: what(w),
            retained: retained[w] as number,
            self: s.nodes[w * NF + fSelf] as number,
            many: false,
          });
    }
    lines.sort((a, b) => b.retained - a.retained);
    for (const l of lines) {
      if (l.retained < minBytes) continue;
      const p = `${path}.${l.many ? '[*]' : edgeLabel(v, l.w)}`;
      out.push({ path: p, what: l.label, retained: l.retained, self: l.self });
      if (!l.many && depth < maxDepth) walk(l.w, p, depth + 1);
    }
  };
  walk(0, '', 1);
  return { total: retained[0] as number, owners: out };
}

/** An owner of the heap as the benchmark's report names it: where, and how many bytes a URL. */
export interface HeapOwner {
  name: string;
  bytesPerUrl: number;
}

/**
 * The owners that hold the most, flattened for one line of a report: an
 * owner at least half of whose bytes its children hold gives way to them (a
 * session to its rows' columns, a typed array to its buffer's store), and each is
 * named by its path from the last object the app defines (`session.…`), a
 * typed array by the array, not its buffer. Those retaining less than
 * `minPerUrl` bytes a URL, and the code and natives of the page, are left
 * out. Largest first.
 */
export function largestOwners(list: readonly Owner[], n: number, minPerUrl = 2, count = 8): HeapOwner[] {
  const children = new Map<Owner, Owner[]>();
  const stack: Owner[] = [];
  for (const o of list) {
    while (stack.length > 0 && !o.path.startsWith(`${(stack[stack.length - 1] as Owner).path}.`)) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) children.set(parent, [...(children.get(parent) ?? []), o]);
    stack.push(o);
  }
  const out: HeapOwner[] = [];
  for (const o of list) {
    if (o.retained < minPerUrl * n) continue;
    if ((children.get(o) ?? []).reduce((sum, c) => sum + c.retained, 0) >= o.retained * 0.5) continue;
    if (/× (code|native|synthetic)/.test(o.what) || o.what.startsWith('synthetic:')) continue;
    out.push({ name: ownerName(o), bytesPerUrl: o.retained / n });
  }
  return out.sort((a, b) => b.bytesPerUrl - a.bytesPerUrl).slice(0, count);
}

function ownerName(o: Owner): string {
  // Path segments, a "~(Holder.edge)" one kept whole (its dot is not a step).
  const steps = (o.path.match(/~\([^)]*\)|[^.]+/g) ?? []).filter(
    (p) => !p.startsWith('[') && p !== 'buffer' && p !== 'backing_store',
  );
  const named = steps.map((p) => (p.startsWith('~(') ? (p.slice(2, -1).split('.').pop() ?? p) : p));
  const at = named.lastIndexOf('session');
  const where = (at >= 0 ? named.slice(at) : named.slice(-2)).join('.');
  // A group of many siblings (a column's chunk strings) is named by what it is, under whom.
  const group = o.what.match(/^(\d+ × [^( ]+)/);
  return group ? `${group[1]} under ${where || 'the root'}` : where;
}
