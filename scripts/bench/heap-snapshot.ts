// A V8 heap snapshot (.heapsnapshot, as DevTools, the inspector or --heapsnapshot-signal write
// it) summarized without DevTools: retained sizes from the dominator tree, the objects that
// retain the most, what each named field holds, and self sizes by kind of object.
import { readFileSync } from "node:fs";

const MiB = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

interface HeapSnapshot {
  snapshot: {
    meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

/** The top retainers of a .heapsnapshot file, its fields and its kinds of object, as lines of text. */
export function summarizeSnapshot(file: string, top = 15): string {
  const heap = JSON.parse(readFileSync(file, "utf8")) as HeapSnapshot;
  const { meta } = heap.snapshot;
  const nodeFields = meta.node_fields.length;
  const edgeFields = meta.edge_fields.length;
  const [typeAt, nameAt, sizeAt, edgeCountAt] = ["type", "name", "self_size", "edge_count"].map((f) => meta.node_fields.indexOf(f)) as [
    number,
    number,
    number,
    number,
  ];
  const [edgeTypeAt, edgeNameAt, toNodeAt] = ["type", "name_or_index", "to_node"].map((f) => meta.edge_fields.indexOf(f)) as [
    number,
    number,
    number,
  ];
  const nodeTypes = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const { nodes, edges, strings } = heap;
  const count = nodes.length / nodeFields;
  const firstEdge = new Uint32Array(count + 1);
  for (let n = 0; n < count; n++) firstEdge[n + 1] = firstEdge[n]! + nodes[n * nodeFields + edgeCountAt]! * edgeFields;
  const weak = edgeTypes.indexOf("weak");
  const shortcut = edgeTypes.indexOf("shortcut");
  const target = (e: number) => edges[e + toNodeAt]! / nodeFields;
  const followed = (e: number) => edges[e + edgeTypeAt] !== weak && edges[e + edgeTypeAt] !== shortcut;

  // Post-order from the root (node 0), iteratively: a snapshot has millions of nodes.
  const order = new Int32Array(count).fill(-1); // post-order number of each reached node
  const postorder = new Uint32Array(count);
  let reached = 0;
  const stack = new Uint32Array(count);
  const nextEdge = new Uint32Array(count);
  const seen = new Uint8Array(count);
  let depth = 0;
  stack[depth++] = 0;
  seen[0] = 1;
  nextEdge[0] = firstEdge[0]!;
  while (depth > 0) {
    const n = stack[depth - 1]!;
    let e = nextEdge[n]!;
    for (; e < firstEdge[n + 1]!; e += edgeFields) {
      const t = target(e);
      if (!seen[t] && followed(e)) break;
    }
    if (e < firstEdge[n + 1]!) {
      nextEdge[n] = e + edgeFields;
      const t = target(e);
      seen[t] = 1;
      nextEdge[t] = firstEdge[t]!;
      stack[depth++] = t;
    } else {
      order[n] = reached;
      postorder[reached++] = n;
      depth--;
    }
  }

  // Predecessors of reached nodes (compressed rows), then Cooper, Harvey and Kennedy's
  // iterative dominators ("A Simple, Fast Dominance Algorithm").
  const predStart = new Uint32Array(count + 1);
  for (let n = 0; n < count; n++) {
    if (order[n]! < 0) continue;
    for (let e = firstEdge[n]!; e < firstEdge[n + 1]!; e += edgeFields) if (followed(e)) predStart[target(e) + 1]!++;
  }
  for (let n = 0; n < count; n++) predStart[n + 1]! += predStart[n]!;
  const preds = new Uint32Array(predStart[count]!);
  const fill = predStart.slice(0, count);
  for (let n = 0; n < count; n++) {
    if (order[n]! < 0) continue;
    for (let e = firstEdge[n]!; e < firstEdge[n + 1]!; e += edgeFields) if (followed(e)) preds[fill[target(e)]!++] = n;
  }
  const idom = new Int32Array(count).fill(-1); // by node
  idom[0] = 0;
  const intersect = (a: number, b: number) => {
    while (a !== b) {
      while (order[a]! < order[b]!) a = idom[a]!;
      while (order[b]! < order[a]!) b = idom[b]!;
    }
    return a;
  };
  for (let changed = true; changed;) {
    changed = false;
    for (let i = reached - 2; i >= 0; i--) {
      const n = postorder[i]!;
      let dom = -1;
      for (let p = predStart[n]!; p < predStart[n + 1]!; p++) {
        const pred = preds[p]!;
        if (idom[pred]! < 0) continue;
        dom = dom < 0 ? pred : intersect(pred, dom);
      }
      if (dom >= 0 && idom[n] !== dom) {
        idom[n] = dom;
        changed = true;
      }
    }
  }
  const selfSize = (n: number) => nodes[n * nodeFields + sizeAt]!;
  const retained = new Float64Array(count);
  const biggestChild = new Float64Array(count); // the largest retained size among a node's dominated children
  for (let i = 0; i < reached; i++) {
    const n = postorder[i]!;
    retained[n]! += selfSize(n);
    if (n !== 0) {
      retained[idom[n]!]! += retained[n]!;
      biggestChild[idom[n]!] = Math.max(biggestChild[idom[n]!]!, retained[n]!);
    }
  }

  const type = (n: number) => nodeTypes[nodes[n * nodeFields + typeAt]!]!;
  const name = (n: number) => strings[nodes[n * nodeFields + nameAt]!]!;
  const label = (n: number) => {
    const t = type(n);
    if (t === "string" || t === "concatenated string" || t === "sliced string")
      return `string "${name(n).slice(0, 40).replace(/\s+/g, " ")}…"`;
    if (t === "object" || t === "native" || t === "synthetic") return name(n).slice(0, 60);
    if (t === "closure") return `function ${name(n) || "(anonymous)"}()`;
    return `(${t}) ${name(n).slice(0, 40)}`;
  };
  const edgeName = (from: number, to: number) => {
    for (let e = firstEdge[from]!; e < firstEdge[from + 1]!; e += edgeFields) {
      if (target(e) !== to) continue;
      const t = edgeTypes[edges[e + edgeTypeAt]!];
      const nameOrIndex = edges[e + edgeNameAt]!;
      return t === "element" || t === "hidden" ? `[${nameOrIndex}]` : strings[nameOrIndex]!;
    }
    return "?";
  };
  const path = (n: number) => {
    const steps: string[] = [];
    for (let m = n, i = 0; m !== 0 && i < 3; m = idom[m]!, i++) steps.unshift(`${i === 0 ? "" : `${label(m)}.`}${edgeName(idom[m]!, m)}`);
    return steps.join(" › ");
  };

  let reachableBytes = 0;
  const byKind = new Map<string, { count: number; bytes: number }>();
  for (let i = 0; i < reached; i++) {
    const n = postorder[i]!;
    reachableBytes += selfSize(n);
    const t = type(n);
    const kind = t === "object" || t === "native" ? name(n).slice(0, 50) : t === "closure" ? "(closures)" : `(${t})`;
    const entry = byKind.get(kind) ?? { count: 0, bytes: 0 };
    entry.count++;
    entry.bytes += selfSize(n);
    byKind.set(kind, entry);
  }

  // What each named field holds, counted where the name first appears on a path down the
  // dominator tree (nested holders of the same name are not counted twice): the source maps
  // under node's private symbol, array buffers' backing stores, a module's exports...
  const children = new Uint32Array(reached);
  const childStart = new Uint32Array(count + 1);
  for (let i = 0; i < reached; i++) if (postorder[i] !== 0) childStart[idom[postorder[i]!]! + 1]!++;
  for (let n = 0; n < count; n++) childStart[n + 1]! += childStart[n]!;
  const childFill = childStart.slice(0, count);
  for (let i = 0; i < reached; i++) if (postorder[i] !== 0) children[childFill[idom[postorder[i]!]!]!++] = postorder[i]!;
  const byField = new Map<string, number>();
  const open = new Map<string, number>();
  const walk: Array<[node: number, field: string | null]> = [[0, null]];
  while (walk.length > 0) {
    const [n, field] = walk.pop()!;
    if (n < 0) {
      open.set(field!, open.get(field!)! - 1); // leaving the subtree that opened this field
      continue;
    }
    let entered: string | null = null;
    if (n !== 0) {
      const name = edgeName(idom[n]!, n);
      if (!name.startsWith("[") && name !== "?" && !open.get(name)) {
        byField.set(name, (byField.get(name) ?? 0) + retained[n]!);
        open.set(name, 1);
        entered = name;
      }
    }
    if (entered) walk.push([-1, entered]);
    for (let c = childStart[n]!; c < childStart[n + 1]!; c++) walk.push([children[c]!, null]);
  }

  // Top retainers: objects by retained size, skipping those that only pass on one child's
  // (a wrapper whose one child holds 90 % of it: the child is listed instead).
  const candidates: number[] = [];
  for (let i = 0; i < reached; i++) {
    const n = postorder[i]!;
    if (n === 0 || type(n) === "synthetic" || retained[n]! < 256 * 1024) continue;
    if (biggestChild[n]! > 0.9 * retained[n]!) continue;
    candidates.push(n);
  }
  candidates.sort((a, b) => retained[b]! - retained[a]!);

  const lines = [
    `${file}: ${reached} reachable objects, ${MiB(reachableBytes)} MiB`,
    "",
    `top ${top} retainers (retained MiB, self MiB, where: the dominator's field)`,
    ...candidates
      .slice(0, top)
      .map((n) => `  ${MiB(retained[n]!).padStart(7)}  ${MiB(selfSize(n)).padStart(6)}  ${label(n)}  ← ${path(n)}`),
    "",
    `top ${top} fields by what they retain (MiB)`,
    ...[...byField.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([field, bytes]) => `  ${MiB(bytes).padStart(7)}  ${field}`),
    "",
    `top ${top} kinds by self size (MiB, count)`,
    ...[...byKind.entries()]
      .sort((a, b) => b[1].bytes - a[1].bytes)
      .slice(0, top)
      .map(([kind, { count, bytes }]) => `  ${MiB(bytes).padStart(7)}  ${String(count).padStart(8)}  ${kind}`),
  ];
  return lines.join("\n");
}
