#!/usr/bin/env bash
# Builds the QEMU driver's guest image into $1 (default .data/qemu/image): an uncompressed kernel
# (`vmlinux`, booted through its PVH entry) from Debian's 6.1 kernel package, and a busybox
# initramfs (`initramfs.cpio.gz`) with the few kernel modules it needs and a real init.
#
# Installs what is missing with apt-get (as root): qemu-system-x86, busybox-static, cpio,
# e2fsprogs, xz-utils. The kernel package is fetched by its exact name (the one
# `linux-image-amd64` depends on, or $PORTAL_QEMU_KERNEL_PACKAGE): never by a wildcard.
# Cached: does nothing when both files exist at this IMAGE_VERSION (delete the folder to rebuild).
set -euo pipefail

# Bumped with every change of the image: a cached image of another version is rebuilt.
IMAGE_VERSION=2
OUT="${1:-.data/qemu/image}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
if [[ -s "$OUT/vmlinux" && -s "$OUT/initramfs.cpio.gz" && "$(cat "$OUT/image-version" 2>/dev/null)" == "$IMAGE_VERSION" ]]; then
  exit 0
fi

need=()
command -v qemu-system-x86_64 >/dev/null || need+=(qemu-system-x86)
dpkg -s busybox-static >/dev/null 2>&1 || need+=(busybox-static)
command -v cpio >/dev/null || need+=(cpio)
command -v mke2fs >/dev/null || need+=(e2fsprogs)
command -v xz >/dev/null || need+=(xz-utils)
if ((${#need[@]} > 0)); then
  if [[ "$(id -u)" != 0 ]]; then
    echo "build-image: missing ${need[*]}; run as root or install them: apt-get install ${need[*]}" >&2
    exit 2
  fi
  echo "build-image: installing ${need[*]}" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${need[@]}" >&2 ||
    { apt-get update >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${need[@]}" >&2; }
fi

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# --- the kernel --------------------------------------------------------------------------------
PKG="${PORTAL_QEMU_KERNEL_PACKAGE:-}"
if [[ -z "$PKG" ]]; then
  PKG="$(apt-cache depends linux-image-amd64 2>/dev/null | grep -o 'linux-image-[0-9][^ ]*-amd64' | head -1 || true)"
fi
if [[ ! "$PKG" =~ ^linux-image-[0-9][A-Za-z0-9.+-]*-amd64$ ]]; then
  echo "build-image: no kernel package name found (set PORTAL_QEMU_KERNEL_PACKAGE=linux-image-<version>-amd64)" >&2
  exit 2
fi
echo "build-image: kernel package $PKG" >&2
(cd "$WORK" && apt-get download "$PKG" >&2)
dpkg-deb -x "$WORK"/"$PKG"_*.deb "$WORK/pkg"
KVER="${PKG#linux-image-}"
VMLINUZ="$WORK/pkg/boot/vmlinuz-$KVER"
MODDIR="$WORK/pkg/lib/modules/$KVER/kernel"

# The bzImage carries the kernel as an xz stream: it starts at the magic FD 37 7A 58 5A 00.
OFFSET="$(LC_ALL=C grep -obUaP '\xfd7zXZ\x00' "$VMLINUZ" | head -1 | cut -d: -f1)"
[[ -n "$OFFSET" ]] || { echo "build-image: no xz stream in $VMLINUZ" >&2; exit 2; }
# (xz stops after the stream: tail's broken pipe is expected)
{ tail -c +"$((OFFSET + 1))" "$VMLINUZ" || true; } | xz -dc --single-stream >"$WORK/vmlinux"
[[ "$(head -c 4 "$WORK/vmlinux" | tail -c 3)" == ELF ]] || { echo "build-image: the kernel is not an ELF" >&2; exit 2; }

# --- the initramfs -------------------------------------------------------------------------------
ROOT="$WORK/root"
mkdir -p "$ROOT"/{bin,sbin,usr/bin,usr/sbin,etc,proc,sys,dev,tmp,run,root,mnt,var/log,lib/modules}
cp /bin/busybox "$ROOT/bin/busybox"
for applet in $("$ROOT/bin/busybox" --list-full); do
  [[ -e "$ROOT/$applet" ]] || ln -s /bin/busybox "$ROOT/$applet"
done

# Modules in load order (dependencies first): virtio disk and network, ext4, the ACPI power
# button and its input events (for a clean shutdown on QMP system_powerdown).
MODULES=(virtio_ring virtio virtio_pci_modern_dev virtio_pci_legacy_dev virtio_pci virtio_blk
  failover net_failover virtio_net crc16 crc32c_generic mbcache jbd2 ext4 button evdev)
: >"$ROOT/lib/modules/load-order"
for m in "${MODULES[@]}"; do
  f="$(find "$MODDIR" -name "$m.ko" | head -1)"
  [[ -n "$f" ]] || { echo "build-image: module $m not found" >&2; exit 2; }
  cp "$f" "$ROOT/lib/modules/$m.ko"
  echo "$m" >>"$ROOT/lib/modules/load-order"
done

cat >"$ROOT/etc/inittab" <<'EOF'
::sysinit:/etc/rc
ttyS0::respawn:-/bin/sh
::ctrlaltdel:/sbin/reboot
::shutdown:/etc/rc.shutdown
EOF

cat >"$ROOT/etc/rc" <<'EOF'
#!/bin/sh
# The guest's start-up (busybox init runs it once, then a shell on the serial console).
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mkdir -p /dev/pts /dev/shm
mount -t devpts devpts /dev/pts
mount -t tmpfs tmpfs /tmp
mount -t tmpfs tmpfs /run
for m in $(cat /lib/modules/load-order); do insmod /lib/modules/$m.ko 2>/dev/null; done
arg() { tr ' ' '\n' </proc/cmdline | sed -n "s/^portal\.$1=//p" | head -1; }
NAME="$(arg hostname)"
hostname "${NAME:-instance}"
echo "${NAME:-instance}" >/etc/hostname
# The persistent disk: root's home.
if [ -b /dev/vda ]; then
  mount -t ext4 /dev/vda /root || echo "rc: the disk /dev/vda could not be mounted" >&2
fi
# User-mode networking: QEMU's NAT answers at 10.0.2.2, its DNS at 10.0.2.3.
ip link set lo up
IFACE=eth0
if ip link show "$IFACE" >/dev/null 2>&1; then
  ip link set "$IFACE" up
  ip addr add 10.0.2.15/24 dev "$IFACE"
  ip route add default via 10.0.2.2
  echo "nameserver 10.0.2.3" >/etc/resolv.conf
fi
echo "root:x:0:0:root:/root:/bin/sh" >/etc/passwd
echo "root:x:0:" >/etc/group
cat >/etc/profile <<'PROFILE'
export HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin
export PS1='root@\h:\w# '
cd /root
PROFILE
# A press of the ACPI power button (QMP system_powerdown) powers the machine off cleanly: busybox
# init runs /etc/rc.shutdown, then the kernel powers off.
for dev in /sys/class/input/event*; do
  [ -e "$dev/device/name" ] || continue
  if grep -q 'Power Button' "$dev/device/name"; then
    ( dd if=/dev/input/${dev##*/} of=/dev/null bs=24 count=1 2>/dev/null && poweroff ) &
  fi
done
PUBLIC="$(arg ipv4)"
cat <<BANNER

  ------------------------------------------
   $(hostname) · $(uname -s) $(uname -r)
   Memory $(awk '/MemTotal/ {print int($2/1024) " MiB"}' /proc/meminfo) · vCPUs $(grep -c ^processor /proc/cpuinfo)
   Public IPv4 ${PUBLIC:-none}
   $IFACE $(ip -4 -o addr show "$IFACE" 2>/dev/null | awk '{print $4}') (user-mode NAT)
   /root is on the disk: its files stay.
   'poweroff' shuts the machine down.
  ------------------------------------------
  portal: ready

BANNER
EOF

cat >"$ROOT/etc/rc.shutdown" <<'EOF'
#!/bin/sh
echo "portal: shutting down"
sync
umount /root 2>/dev/null
EOF
chmod +x "$ROOT/etc/rc" "$ROOT/etc/rc.shutdown"
ln -sf /bin/busybox "$ROOT/init"
# busybox as /init runs init; /sbin/init is what it looks for in the inittab's absence too.

(cd "$ROOT" && find . -print0 | cpio --null -o -H newc --quiet | gzip -9) >"$WORK/initramfs.cpio.gz"
mv "$WORK/vmlinux" "$OUT/vmlinux.tmp" && mv "$OUT/vmlinux.tmp" "$OUT/vmlinux"
mv "$WORK/initramfs.cpio.gz" "$OUT/initramfs.tmp" && mv "$OUT/initramfs.tmp" "$OUT/initramfs.cpio.gz"
echo "$KVER" >"$OUT/kernel-version"
echo "$IMAGE_VERSION" >"$OUT/image-version"
echo "build-image: built $OUT (kernel $KVER)" >&2
