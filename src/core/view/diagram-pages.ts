import type { PlanFields } from '../plan/plan-fields';
import type { SitemapSet } from '../read/sitemap-set';
import { decodedSlug, pageTitle, type TitleSource } from './page-titles';
import type { TreeChildren, TreeNode } from './tree-node';

/** The page a box stands for (the row whose loc is the branch itself), as the board shows and plans it. */
export interface BoxPage {
  /** The row's stable id. */
  id: number;
  loc: string;
  /** The page's title (see pageTitle); '' when none is known. */
  title: string;
  titleSource: TitleSource;
  plan: PlanFields | null;
}

/** A branch of the diagram: the tree's counts, and its own page when it has one. */
export interface DiagramBranch extends TreeNode {
  box: BoxPage | null;
}

/** A level of the diagram: as the tree's, its branches with their pages. */
export interface DiagramLevel {
  children: DiagramBranch[];
  omitted: number;
  omittedUrls: number;
}

/**
 * A level of the tree with each branch's own page: its id, title and plan,
 * read now (a level counted earlier keeps its positions valid while the rows
 * do not move; a plan or a title typed since is read here).
 */
export function withPages(set: SitemapSet, level: TreeChildren, crawl: ReadonlyMap<string, string>): DiagramLevel {
  const rows = set.rows;
  const children = level.children.map((node): DiagramBranch => {
    const at = node.page;
    if (at < 0 || at >= rows.length) return { ...node, box: null };
    const id = rows.id[at] as number;
    const { title, source } = pageTitle(set, at, crawl);
    return { ...node, box: { id, loc: rows.loc.get(at), title, titleSource: source, plan: rows.plan.get(id) ?? null } };
  });
  return { children, omitted: level.omitted, omittedUrls: level.omittedUrls };
}

/** What a box is labelled with: its page's title, else its segment (or host) decoded. */
export function boxLabel(node: DiagramBranch): string {
  return node.box?.title || decodedSlug(node.label);
}
