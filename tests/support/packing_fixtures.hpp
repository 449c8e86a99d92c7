// Dense random packings for the contact-search tests and benchmark: bodies on a
// jittered grid with random rotations. At each site a number of random poses
// are tried; of those disjoint from the bodies already placed around it, the
// one closest to most of them is kept (a site where none fits stays empty), so
// that many pairs end up within a contact skin. Separation is decided by
// simple convex covers, independent of the search under test:
//  * a box: the separating-axis test of two oriented boxes (exact);
//  * a tetrapod: a ball around its hub plus capsules along each leg
//    (conservative: a placement may be refused although it would fit).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <random>
#include <stdexcept>
#include <vector>

#include <Eigen/Geometry>

#include "contact/geometry/tetrapod.hpp"
#include "contact/search/primitive_distance.hpp"
#include "src/core/types.hpp"

namespace polydem::testing {

struct Pose {
  Vec3 position = Vec3::Zero();
  Eigen::Quaterniond rotation = Eigen::Quaterniond::Identity();
};

/// Whether bodies at two poses are farther apart than a gap (≥ 0).
using SeparationTest = std::function<bool(const Pose&, const Pose&, double gap)>;

struct PackingOptions {
  std::array<int, 3> sites{10, 10, 10};  ///< grid sites along x, y, z
  double spacing = 1.0;                  ///< m between sites
  double jitter = 0.0;  ///< m: uniform offset in [−jitter, jitter] per coordinate
  double reach = 2.0;   ///< m: centres farther apart than this are always disjoint
  int attempts = 20;
  double close_gap = 0.0;  ///< m: neighbours nearer than this count as close
  unsigned seed = 1;
};

inline Eigen::Quaterniond random_rotation(std::mt19937& rng) {
  std::normal_distribution<double> normal;
  return Eigen::Quaterniond(normal(rng), normal(rng), normal(rng), normal(rng)).normalized();
}

/// The poses of a packing, sites in x-fastest order, empty sites left out.
inline std::vector<Pose> jittered_packing(const PackingOptions& options,
                                          const SeparationTest& separated) {
  std::mt19937 rng(options.seed);
  std::uniform_real_distribution<double> offset(-options.jitter, options.jitter);
  const auto [nx, ny, nz] = options.sites;
  std::vector<int> placed_at(static_cast<std::size_t>(nx * ny * nz), -1);
  std::vector<Pose> poses;
  const int k = static_cast<int>(std::ceil(options.reach / options.spacing));
  // The number of placed neighbours within close_gap, or −1 when the pose overlaps one.
  const auto close_neighbours = [&](const Pose& pose, int x, int y, int z) {
    int close = 0;
    for (int dz = -k; dz <= 0; ++dz)
      for (int dy = -k; dy <= k; ++dy)
        for (int dx = -k; dx <= k; ++dx) {
          const int sx = x + dx, sy = y + dy, sz = z + dz;
          if (sx < 0 || sy < 0 || sz < 0 || sx >= nx || sy >= ny) continue;
          const int other = placed_at[static_cast<std::size_t>((sz * ny + sy) * nx + sx)];
          if (other < 0) continue;
          const Pose& q = poses[static_cast<std::size_t>(other)];
          if ((q.position - pose.position).norm() > options.reach + options.close_gap) continue;
          if (!separated(pose, q, 0.0)) return -1;
          close += separated(pose, q, options.close_gap) ? 0 : 1;
        }
    return close;
  };
  for (int z = 0; z < nz; ++z)
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < nx; ++x) {
        Pose best;
        int best_close = -1;
        for (int attempt = 0; attempt < options.attempts; ++attempt) {
          Pose pose;
          pose.position =
              options.spacing * Vec3(x, y, z) + Vec3(offset(rng), offset(rng), offset(rng));
          pose.rotation = random_rotation(rng);
          const int close = close_neighbours(pose, x, y, z);
          if (close > best_close) {
            best = pose;
            best_close = close;
          }
        }
        if (best_close < 0) continue;
        placed_at[static_cast<std::size_t>((z * ny + y) * nx + x)] = static_cast<int>(poses.size());
        poses.push_back(best);
      }
  return poses;
}

/// Boxes of these half extents, separated by more than `gap` along some axis
/// of the separating-axis test (faces of both, and edge × edge).
inline SeparationTest boxes_separated(const Vec3& half) {
  return [half](const Pose& a, const Pose& b, double gap) {
    const Mat3 ra = a.rotation.toRotationMatrix(), rb = b.rotation.toRotationMatrix();
    const Vec3 d = b.position - a.position;
    const auto separated = [&](const Vec3& axis) {
      const double length = axis.norm();
      if (length < 1e-9) return false;
      const Vec3 n = axis / length;
      double extent = 0;
      for (int k = 0; k < 3; ++k)
        extent += half[k] * (std::abs(ra.col(k).dot(n)) + std::abs(rb.col(k).dot(n)));
      return std::abs(d.dot(n)) > extent + gap;
    };
    for (int i = 0; i < 3; ++i) {
      if (separated(ra.col(i)) || separated(rb.col(i))) return true;
      for (int j = 0; j < 3; ++j)
        if (separated(ra.col(i).cross(rb.col(j)))) return true;
    }
    return false;
  };
}

struct Capsule {
  Vec3 from = Vec3::Zero();  ///< body frame
  Vec3 to = Vec3::Zero();
  double radius = 0;
};

/// Capsules that contain a tetrapod (tetrapod.hpp): a ball through its hub's
/// rings, and each leg from the hub to the tip in `pieces` capsules as wide as
/// the leg where each starts (the legs narrow towards the tips).
inline std::vector<Capsule> tetrapod_cover(const TetrapodParams& p, int pieces = 6) {
  const double hub = p.hub_distance > 0 ? p.hub_distance : p.base_radius;
  const auto radius_at = [&](double t) {
    return p.base_radius + (p.tip_radius - p.base_radius) * t / p.leg_length;
  };
  std::vector<Capsule> cover{{Vec3::Zero(), Vec3::Zero(), std::hypot(hub, radius_at(hub))}};
  for (const Vec3& direction : tetrapod_leg_directions())
    for (int k = 0; k < pieces; ++k) {
      const double t0 = hub + (p.leg_length - hub) * k / pieces;
      const double t1 = hub + (p.leg_length - hub) * (k + 1) / pieces;
      cover.push_back({t0 * direction, t1 * direction, radius_at(t0)});
    }
  return cover;
}

/// Shapes inside these capsule covers, farther apart than `gap`.
inline SeparationTest covers_separated(std::vector<Capsule> cover) {
  return [cover = std::move(cover)](const Pose& a, const Pose& b, double gap) {
    // Each capsule placed, with the sphere about its middle that holds it.
    struct Placed {
      Vec3 from, to, middle;
      double radius, reach;
    };
    std::array<Placed, 64> xa{}, xb{};
    if (cover.size() > xa.size()) throw std::logic_error("covers_separated: at most 64 capsules");
    const auto place = [&](const Pose& pose, std::array<Placed, 64>& out) {
      const Mat3 r = pose.rotation.toRotationMatrix();
      for (std::size_t k = 0; k < cover.size(); ++k) {
        const Vec3 from = pose.position + r * cover[k].from, to = pose.position + r * cover[k].to;
        out[k] = {from, to, 0.5 * (from + to), cover[k].radius,
                  0.5 * (to - from).norm() + cover[k].radius};
      }
    };
    place(a, xa);
    place(b, xb);
    for (std::size_t i = 0; i < cover.size(); ++i)
      for (std::size_t j = 0; j < cover.size(); ++j) {
        const Placed &x = xa[i], &y = xb[j];
        if ((x.middle - y.middle).norm() > x.reach + y.reach + gap) continue;
        const double limit = x.radius + y.radius + gap;
        if (squared_distance_segment_segment(x.from, x.to, y.from, y.to) <= limit * limit)
          return false;
      }
    return true;
  };
}

}  // namespace polydem::testing
