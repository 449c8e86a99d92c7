// The time_function family of deck values: {constant: 2}, a bare number,
// {ramp: {t0, v0, t1, v1}} and {table: [[t, v], ...]}. Each type declares its
// keys and how it builds a TimeFunction, and registers itself in the family.
#pragma once

#include "src/core/time_function.hpp"
#include "src/params/family.hpp"
#include "src/params/param_set.hpp"

namespace polydem {

/// The family: its members build TimeFunctions.
Family<TimeFunction>& time_functions();

/// Builds the function a read family member (ParamSet::schema names its type) describes.
TimeFunction build_time_function(const ParamSet& member);

/// The family member a deck gets when it omits a time function: the constant `value`.
ParamSet constant_time_function(double value);

}  // namespace polydem
