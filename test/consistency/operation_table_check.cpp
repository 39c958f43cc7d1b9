// The operation table's consistency check (issue 42): every operation of the command line
// (and so of Python, whose functions are the command line's operations) is in the core's
// operation table (cutelayout/OperationTable.h) and the reverse; every table entry with a
// dialect op names a registered op, and every registered op of the dialect is in the
// table or on the IR-only list below with its reason; every operation has its section in
// the command line's reference and every dialect op in the dialect's.
//
//   operation-table-check CLI_REFERENCE.md DIALECT_REFERENCE.md
// Prints one line per mismatch and exits 1 where there is one.
#include "Operations.h"

#include "cute/InitCute.h"
#include "cutelayout/OperationTable.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"

#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>

namespace {

/// The dialect's ops that no command-line operation computes, and why.
const std::map<std::string, std::string> &irOnly() {
  static const std::map<std::string, std::string> ops = {
      {"add_offset", "pointer arithmetic of the lowering"},
      {"append_to_rank", "CuTe's append<N>, used inside IR's algebra"},
      {"assume", "a fact about a runtime value, for the verifier and the lowering"},
      {"constant", "an IR constant; the command line writes literals"},
      {"copy", "a memory op (the command line has no memory)"},
      {"copy_atom_call", "a memory op (the command line has no memory)"},
      {"elem_less", "a predicate over runtime coordinates"},
      {"equal", "a predicate over runtime tuples"},
      {"gemm", "a memory op on register fragments (the command line has no memory)"},
      {"get_inner", "a composed layout's part; the command line prints the whole"},
      {"get_iter", "a view's iterator; the command line prints the whole tensor"},
      {"get_leaves", "a tuple taken apart into index values, for passes"},
      {"get_offset", "a composed layout's part; the command line prints the whole"},
      {"get_outer", "a composed layout's part; the command line prints the whole"},
      {"load_scaled_index", "a memory op (the command line has no memory)"},
      {"make_atom", "IR builds atoms from attributes; the command line names them"},
      {"make_coord", "the command line's make_shape (one tuple builder, aliases)"},
      {"make_int_tuple", "the command line's make_shape (one tuple builder, aliases)"},
      {"make_layout_raw", "IR's unchecked builder, for the lowering"},
      {"make_ptr", "a pointer (the command line has no memory)"},
      {"make_stride", "the command line's make_shape (one tuple builder, aliases)"},
      {"make_tuple", "the command line's make_shape (one tuple builder, aliases)"},
      {"memref.load", "a memory op (the command line has no memory)"},
      {"memref.store", "a memory op (the command line has no memory)"},
      {"mma.make_fragment", "IR's fragment of a tiled MMA; the command line's partition_fragment_*"},
      {"mma_atom_call", "a memory op (the command line has no memory)"},
      {"prepend_to_rank", "CuTe's prepend<N>, used inside IR's algebra"},
      {"print", "printing at run time (the lowered code); the command line prints every answer"},
      {"tiled_partition", "IR's partition of a view by a tiled atom; the command line's partition_*"},
      {"to_coord", "a type conversion of IR's tuple kinds"},
      {"to_int_tuple", "a type conversion of IR's tuple kinds"},
      {"to_shape", "a type conversion of IR's tuple kinds"},
      {"to_stride", "a type conversion of IR's tuple kinds"},
  };
  return ops;
}

/// The `### name` headings of a reference document.
std::set<std::string> headings(const char *path, int &failures) {
  std::set<std::string> names;
  std::ifstream in(path);
  if (!in) {
    std::cout << "cannot read " << path << "\n";
    ++failures;
    return names;
  }
  for (std::string line; std::getline(in, line);)
    if (line.rfind("### ", 0) == 0)
      names.insert(line.substr(4));
  return names;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 3) {
    std::cerr << "usage: operation-table-check CLI_REFERENCE.md DIALECT_REFERENCE.md\n";
    return 2;
  }
  int failures = 0;
  auto fail = [&](const std::string &message) {
    std::cout << message << "\n";
    ++failures;
  };

  // The table's own invariant.
  std::set<std::string> tableNames, irNames;
  std::string previous;
  for (const cutelayout::OperationFacts &f : cutelayout::operationTable()) {
    std::string name(f.name), ir(f.irName);
    if (!previous.empty() && !(previous < name))
      fail("table: " + name + " is out of order or repeated");
    previous = name;
    tableNames.insert(name);
    if (ir.empty() == f.noIR.empty())
      fail("table: " + name + " needs exactly one of a dialect op and a reason for none");
    if (!ir.empty() && !irNames.insert(ir).second)
      fail("table: dialect op " + ir + " is named twice");
    if (cutelayout::operationFacts(f.name) != &f)
      fail("table: " + name + " is not found by its name");
  }

  // The command line: its operations (aliases resolve to another name) are the table's.
  std::set<std::string> cliNames;
  for (const std::string &name : cutelayout::cli::operationNames()) {
    auto found = cutelayout::cli::findOperation(name);
    if (found && *found->key == name)
      cliNames.insert(name);
  }
  for (const std::string &name : cliNames)
    if (!tableNames.count(name))
      fail("command line: " + name + " is not in the operation table");
  for (const std::string &name : tableNames)
    if (!cliNames.count(name))
      fail("table: " + name + " is not an operation of the command line");

  // The dialect: the table's ops are registered; every registered op is the table's or IR-only.
  mlir::DialectRegistry registry;
  mlir::cute::registerCuteDialect(registry);
  mlir::MLIRContext context(registry);
  context.loadAllAvailableDialects();
  std::set<std::string> registered;
  for (mlir::RegisteredOperationName op : context.getRegisteredOperations())
    if (op.getDialectNamespace() == "cute")
      registered.insert(op.getStringRef().drop_front(5).str()); // "cute."
  for (const std::string &ir : irNames)
    if (!registered.count(ir))
      fail("table: cute." + ir + " is not an op of the dialect");
  for (const std::string &op : registered)
    if (!irNames.count(op) && !irOnly().count(op))
      fail("dialect: cute." + op + " is neither in the operation table nor on the IR-only list");
  for (const auto &[op, why] : irOnly())
    if (!registered.count(op) || irNames.count(op))
      fail("IR-only list: cute." + op + " (" + why + ") is " +
           (registered.count(op) ? "in the operation table" : "not an op of the dialect"));

  // The references: a section per operation and per op.
  std::set<std::string> cliDoc = headings(argv[1], failures), irDoc = headings(argv[2], failures);
  for (const std::string &name : tableNames)
    if (!cliDoc.count(name))
      fail("reference: " + std::string(argv[1]) + " has no section ### " + name);
  for (const std::string &op : registered)
    if (!irDoc.count("cute." + op))
      fail("reference: " + std::string(argv[2]) + " has no section ### cute." + op);

  std::cout << tableNames.size() << " operations (" << irNames.size() << " with a dialect op), " << registered.size()
            << " dialect ops (" << irOnly().size() << " IR-only): " << failures << " mismatches\n";
  return failures == 0 ? 0 : 1;
}
