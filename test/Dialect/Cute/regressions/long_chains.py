#!/usr/bin/env python3
"""Prints long op chains for long-chains.test (issue 19 item 5): a chain of make_tuple
ops, a chain of selects hiding a wrong written type at its end, a DAG where each op uses
the previous one twice, a cycle in a graph region, and a layout of the most modes a type
may have (selected in reverse, then divided)."""
import sys


def make_tuple_chain(n):
    print("func.func @make_tuple_chain() -> !cute.int_tuple {")
    print("  %c1 = arith.constant 1 : index")
    print("  %t0 = cute.make_tuple(%c1) : (index) -> !cute.int_tuple")
    for i in range(1, n):
        print(f"  %t{i} = cute.make_tuple(%t{i - 1}) : (!cute.int_tuple) -> !cute.int_tuple")
    print(f"  return %t{n - 1} : !cute.int_tuple")
    print("}")


def select_chain(n, wrong):
    print(f"func.func @select_chain_{'wrong' if wrong else 'right'}() -> !cute.shape<({5 if wrong else 8})> {{")
    print("  %s0 = cute.constant {value = !cute.shape<(8)>} : !cute.shape")
    for i in range(1, n):
        print(f"  %s{i} = cute.select(%s{i - 1}) {{modes = array<i32: 0>}} : (!cute.shape) -> !cute.shape")
    if wrong:
        print("  // expected-error @+1 {{result type '!cute.shape<(5)>' does not match the inferred type '!cute.shape<(8)>'}}")
    print(f"  %q = cute.select(%s{n - 1}) {{modes = array<i32: 0>}} : (!cute.shape) -> !cute.shape<({5 if wrong else 8})>")
    print(f"  return %q : !cute.shape<({5 if wrong else 8})>")
    print("}")


def diamond(n):
    print("func.func @diamond() -> !cute.int_tuple {")
    print("  %x0 = cute.constant {value = !cute.int_tuple<(3)>} : !cute.int_tuple")
    for i in range(1, n):
        print(f"  %x{i} = cute.tuple_sub(%x{i - 1}, %x{i - 1}) : (!cute.int_tuple, !cute.int_tuple) -> !cute.int_tuple")
    print(f"  return %x{n - 1} : !cute.int_tuple")
    print("}")


def main():
    which, n = sys.argv[1], int(sys.argv[2])
    if which == "make_tuple":
        make_tuple_chain(n)
    elif which == "select_right":
        select_chain(n, False)
    elif which == "select":
        select_chain(n, False)
        print("// -----")
        select_chain(n, True)
    elif which == "diamond":
        diamond(n)
    elif which == "wide":
        ones = "(" + ",".join(["1"] * n) + ")"
        modes = ", ".join(str(i) for i in reversed(range(n)))
        t = f"!cute.layout<{ones}:{ones}>"
        print(f"func.func @wide(%l: {t}) -> !cute.layout {{")
        print(f"  %r = cute.select(%l) {{modes = array<i32: {modes}>}} : ({t}) -> !cute.layout")
        print(f"  %d = cute.tiled_divide(%r, %l) : (!cute.layout, {t}) -> !cute.layout")
        print("  return %d : !cute.layout\n}")
        print("// -----")
        print("func.func @too_wide(%s: !cute.shape<rank=65537>) { return }")
    elif which == "cycle":
        for i in range(n):
            print(f"%a{i} = cute.select(%a{(i + 1) % n}) {{modes = array<i32: 0>}} : (!cute.shape) -> !cute.shape")


if __name__ == "__main__":
    main()
