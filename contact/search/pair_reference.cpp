#include "contact/search/pair_reference.hpp"

#include <cmath>

#include <Eigen/Geometry>

namespace polydem {
namespace {

/// Rounding in the relative placement, as the per-body test allows for it
/// (contact_search.cpp, find_outrun): relative to the coordinates' size.
constexpr double kCoordinateRounding = 1e-12;
constexpr double kRoomShare = 1 - 1e-9;
/// What single precision may have moved the stored rotation and offset by, over their size
/// (2⁻²⁴ per component, a few times over).
constexpr double kStoredRounding = 1e-6;

struct Relative {
  Mat3 rotation;
  Vec3 offset;
};

/// The placement of `moving` in the frame of `frame`.
Relative relative(const SearchObject& frame, const SearchObject& moving) {
  return {frame.rotation.transpose() * moving.rotation,
          frame.rotation.transpose() * (moving.position - frame.position)};
}

/// The frame is the larger object's: a turn of the frame then moves the smaller
/// one's points by its own radius, not by the larger one's (a body by the ground).
bool frame_is_b(const SearchObject& a, const SearchObject& b) {
  return b.shape->bounding_radius > a.shape->bounding_radius;
}

}  // namespace

PairReference::PairReference(const SearchObject& a, const SearchObject& b)
    : frame_is_b_(frame_is_b(a, b)) {
  const Relative placed = frame_is_b_ ? relative(b, a) : relative(a, b);
  const Eigen::Quaterniond rotation(placed.rotation);
  rotation_ = {static_cast<float>(rotation.w()), static_cast<float>(rotation.x()),
               static_cast<float>(rotation.y()), static_cast<float>(rotation.z())};
  for (int k = 0; k < 3; ++k)
    offset_[static_cast<std::size_t>(k)] = static_cast<float>(placed.offset[k]);
  const double room = a.margin + b.margin;
  room_ = static_cast<float>(room);
  if (static_cast<double>(room_) > room) room_ = std::nextafter(room_, 0.0f);
}

bool PairReference::holds(const SearchObject& a, const SearchObject& b) const {
  if (room_ < 0) return false;
  const SearchObject& moving = frame_is_b_ ? a : b;
  const Relative now = frame_is_b_ ? relative(b, a) : relative(a, b);
  const Mat3 rotation = Eigen::Quaterniond(rotation_[0], rotation_[1], rotation_[2], rotation_[3])
                            .normalized()
                            .toRotationMatrix();
  const Vec3 offset(offset_[0], offset_[1], offset_[2]);
  const double radius = moving.shape->bounding_radius;
  const double moved = (now.offset - offset).norm() + (now.rotation - rotation).norm() * radius;
  const double rounding = kCoordinateRounding * (a.position.norm() + b.position.norm() + radius) +
                          kStoredRounding * (offset.norm() + radius);
  return moved + a.margin + b.margin + rounding <= static_cast<double>(room_) * kRoomShare;
}

}  // namespace polydem
