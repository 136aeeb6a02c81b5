"""Maximum-weight matching for the Dutch pairing, on rustworkx when the weights fit its integers.

rustworkx (compiled Rust) computes the same maximum-weight matching as networkx
(Galil's blossom algorithm, ported from networkx) about a hundred times faster, but
takes edge weights as signed 128-bit integers. Weights that encode the pairing
criteria lexicographically need one bit field per criterion; when a bracket needs
more than ``RUSTWORKX_BITS`` bits the matching runs on networkx, whose Python
integers have no limit.
"""

from __future__ import annotations

from collections.abc import Sequence

RUSTWORKX_BITS = 120
"""Widest weight given to rustworkx: below its 127-bit limit with room for the dual variables of the blossom algorithm."""


def max_weight_matching(
    nodes: int, edges: Sequence[tuple[int, int, int]], bits: int, *, max_cardinality: bool = False
) -> list[tuple[int, int]]:
    """The pairs of a maximum-weight matching of the graph with ``nodes`` nodes and weighted ``edges``.

    ``bits`` is the bit length of the largest total weight a matching can reach.
    With ``max_cardinality`` the matching has as many edges as possible first.
    """
    if not edges:
        return []
    if bits <= RUSTWORKX_BITS:
        import rustworkx

        graph = rustworkx.PyGraph(multigraph=False)
        graph.add_nodes_from(range(nodes))
        graph.add_edges_from(edges)
        matched = rustworkx.max_weight_matching(graph, max_cardinality=max_cardinality, weight_fn=_weight)
        return [(a, b) if a < b else (b, a) for a, b in matched]
    import networkx

    graph = networkx.Graph()
    graph.add_weighted_edges_from(edges)
    return [(a, b) if a < b else (b, a) for a, b in networkx.max_weight_matching(graph, maxcardinality=max_cardinality)]


def _weight(weight: int) -> int:
    return weight
