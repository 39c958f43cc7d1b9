// RUN: %cute-opt %s -split-input-file -verify-diagnostics
// RUN: sed -e 's|// expected-error.*||' -e '/^\/\/ -----/,$d' %s > %t.mlir
// RUN: not %cute-opt %t.mlir 2>&1 | FileCheck %s --implicit-check-not=UNKNOWN
// REQUIRES: cute-opt
// Every error of a file is reported in one run: parse-time inference reports its error at
// the op and parsing goes on, so five independent errors in one function give five
// diagnostics (and no dump of a detached op with <<UNKNOWN SSA VALUE>> operands). An op
// that uses a failed op's result is not inferred (its error would follow from the first),
// and verification does not report an error twice.

// CHECK-COUNT-5: error:
// CHECK-NOT: error:
func.func @five(%l: !cute.layout<(4,8):(8,1)>, %i: index) {
  %s = cute.constant : !cute.shape<(3,5)>
  %t = cute.constant : !cute.layout<(2,4):(4,1)>
  %c9 = arith.constant 9 : index
  // expected-error @+1 {{'cute.local_partition' op unable to construct a coordinate for local_partition}}
  %a = cute.local_partition(%l, %t, %c9) : (!cute.layout<(4,8):(8,1)>, !cute.layout<(2,4):(4,1)>, index)
  // The result of a failed op: no second error.
  %a2 = cute.coalesce(%a) : (!cute.layout)
  %c = cute.constant : !cute.coord<(4,0)>
  // expected-error @+1 {{'cute.crd2idx' op Failed to dice}}
  %b = cute.crd2idx(%c, %l) : (!cute.coord<(4,0)>, !cute.layout<(4,8):(8,1)>)
  %u = cute.constant : !cute.layout<(4,6):(1,5)>
  %v = cute.constant : !cute.layout<2:6>
  // expected-error @+1 {{'cute.composition' op unable to compose (4,6):(1,5) with 2:6}}
  %d = cute.composition(%u, %v) : (!cute.layout<(4,6):(1,5)>, !cute.layout<2:6>)
  %e3 = cute.constant : !cute.coord<(1,2,3)>
  // expected-error @+1 {{'cute.slice' op expected a coordinate of rank 2}}
  %e = cute.slice(%e3, %l) : (!cute.coord<(1,2,3)>, !cute.layout<(4,8):(8,1)>)
  %c64 = arith.constant 64 : index
  // expected-error @+1 {{'cute.local_partition' op unable to construct a coordinate for local_partition}}
  %f = cute.local_partition(%l, %t, %c64) : (!cute.layout<(4,8):(8,1)>, !cute.layout<(2,4):(4,1)>, index)
  return
}

// -----

// The mark is the parser's own: one written in the input is refused.
func.func @written_mark(%l: !cute.layout<(4,8):(8,1)>) {
  // expected-error @+1 {{'cute.size' op has the attribute `cute.reported_at_parse`, which only the parser sets}}
  %s = "cute.size"(%l) {cute.reported_at_parse = 1 : i64} : (!cute.layout<(4,8):(8,1)>) -> index
  return
}
