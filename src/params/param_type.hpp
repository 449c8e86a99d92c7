// The kinds of value a deck parameter can be declared with.
#pragma once

namespace polydem {

enum class ParamType {
  Real,
  Integer,
  Bool,
  String,
  Enum,         ///< a string from `choices`
  Vec3,         ///< [x, y, z]
  SymTensor,    ///< [xx, yy, zz, xy, xz, yz] or a symmetric 3×3 nested list
  TimePoints,   ///< [[t0, v0], [t1, v1], ...] with strictly increasing t
  Object,       ///< a map declared by the ObjectSchema named `schema`
  ObjectList,   ///< a list of such maps
  Polymorphic,  ///< one type of the family named `schema`: {type: payload}, or a bare scalar
};

}  // namespace polydem
