// Ownership of one PETSc object: destroyed with its type's XxxDestroy when the
// handle goes out of scope or is refilled.
#pragma once

#include <petscksp.h>

namespace polydem {

template <typename Object, PetscErrorCode (*destroy)(Object*)>
class PetscHandle {
 public:
  PetscHandle() = default;
  ~PetscHandle() { reset(); }
  PetscHandle(const PetscHandle&) = delete;
  PetscHandle& operator=(const PetscHandle&) = delete;

  Object get() const { return object_; }
  /// For PETSc's create functions: destroys the current object and hands out the slot.
  Object* replace() {
    reset();
    return &object_;
  }
  void reset() {
    if (object_ != nullptr) destroy(&object_);  // a failing destroy leaves nothing to act on
    object_ = nullptr;
  }

 private:
  Object object_ = nullptr;
};

using PetscOptionsHandle = PetscHandle<PetscOptions, PetscOptionsDestroy>;
using KspHandle = PetscHandle<KSP, KSPDestroy>;
using MatHandle = PetscHandle<Mat, MatDestroy>;
using VecHandle = PetscHandle<Vec, VecDestroy>;
using VecScatterHandle = PetscHandle<VecScatter, VecScatterDestroy>;

}  // namespace polydem
