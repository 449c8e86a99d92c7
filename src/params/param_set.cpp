#include "src/params/param_set.hpp"

#include <stdexcept>
#include <utility>

namespace polydem {
namespace {

template <class T>
const T& value_as(const ParamSet& set, std::string_view key) {
  const T* value = std::get_if<T>(&set.at(key).value);
  // A mismatch is a programming error in a declaration, not a deck error.
  if (value == nullptr)
    throw std::logic_error("parameter '" + set.key_path(key) + "' has another type");
  return *value;
}

}  // namespace

Param& ParamSet::at(std::string_view key) {
  for (auto& param : params)
    if (param.name == key) return param;
  throw std::logic_error("undeclared parameter '" + key_path(key) + "'");
}

const Param& ParamSet::at(std::string_view key) const {
  return const_cast<ParamSet&>(*this).at(key);
}

bool ParamSet::declares(std::string_view key) const {
  for (const auto& param : params)
    if (param.name == key) return true;
  return false;
}

bool ParamSet::has_value(std::string_view key) const {
  return !std::holds_alternative<std::monostate>(at(key).value);
}

double ParamSet::real(std::string_view key) const { return value_as<double>(*this, key); }
long long ParamSet::integer(std::string_view key) const { return value_as<long long>(*this, key); }
bool ParamSet::boolean(std::string_view key) const { return value_as<bool>(*this, key); }
const std::string& ParamSet::string(std::string_view key) const {
  return value_as<std::string>(*this, key);
}
const Vec3& ParamSet::vec3(std::string_view key) const { return value_as<Vec3>(*this, key); }
const Mat3& ParamSet::tensor(std::string_view key) const { return value_as<Mat3>(*this, key); }
const TimePoints& ParamSet::points(std::string_view key) const {
  return value_as<TimePoints>(*this, key);
}

const ParamSet& ParamSet::object(std::string_view key) const {
  const auto& list = objects(key);
  if (list.size() != 1)
    throw std::logic_error("parameter '" + key_path(key) + "' is not one object");
  return list.front();
}

const std::vector<ParamSet>& ParamSet::objects(std::string_view key) const {
  return value_as<std::vector<ParamSet>>(*this, key);
}

std::vector<ParamSet>& ParamSet::objects(std::string_view key) {
  return const_cast<std::vector<ParamSet>&>(std::as_const(*this).objects(key));
}

std::string ParamSet::key_path(std::string_view key) const {
  return path.empty() ? std::string(key) : path + "." + std::string(key);
}

InputError ParamSet::error(std::string_view key, const std::string& message) const {
  return InputError(at(key).mark, key_path(key), message);
}

}  // namespace polydem
