// RUN: %cute-opt --cute-to-llvm=runtime-checks=false %s | %mlir-run | FileCheck %s --check-prefix=UNCHECKED
// RUN: %cute-opt --cute-to-llvm %s | not --crash stdbuf -oL %mlir-run 2>&1 | FileCheck %s --check-prefix=CHECKED
// RUN: %cute-opt --cute-refine-types --cute-expand %s | FileCheck %s --check-prefix=IR
// REQUIRES: cute-opt, mlir-runner
// R18 at run time: composition((m,n):(1,m), (4,2):(2,1)) needs the shape 4 to be a
// multiple of min(ceil_div(m,2), 4). CuTe checks that only for static integers: with a
// runtime m = 6 it computes ((3,1),(2,1)):((_2,6),(_1,6)) (size 6, not 8) without a word,
// as CuTe's own C++ does. With runtime checks (the default) the lowered code stops there instead.

// IR-LABEL: func.func @tile
// IR: cf.assert %{{.*}}, "cute.composition: stride divisibility condition fails: a stride is neither a multiple of nor smaller than the shape it meets in mode 0 of (?,?):(1,?) (CuTe does not check this for runtime integers)"
// IR: cf.assert %{{.*}}, "cute.composition: shape divisibility condition fails: a shape is not a multiple of the extent it meets in mode 0 of (?,?):(1,?) (CuTe does not check this for runtime integers)"

// UNCHECKED: 8
// UNCHECKED-NEXT: 6
// CHECKED: 8
// CHECKED-NEXT: cute.composition: shape divisibility condition fails: a shape is not a multiple of the extent it meets in mode 0 of (?,?):(1,?) (CuTe does not check this for runtime integers)
// CHECKED-NOT: {{^6$}}
func.func @tile(%m: index, %n: index) -> index {
  %s = cute.make_shape(%m, %n) : (index, index)
  %a = cute.make_layout(%s) : (!cute.shape<(?,?)>)
  %t = cute.constant : !cute.layout<(4,2):(2,1)>
  %r = cute.composition(%a, %t) : (!cute.layout<(?,?):(1,?)>, !cute.layout<(4,2):(2,1)>) -> !cute.layout
  %k = cute.size(%r) : (!cute.layout)
  return %k : index
}

func.func @main() {
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %ok = call @tile(%c8, %c8) : (index, index) -> index
  cute.print %ok : index
  %wrong = call @tile(%c6, %c8) : (index, index) -> index
  cute.print %wrong : index
  return
}
