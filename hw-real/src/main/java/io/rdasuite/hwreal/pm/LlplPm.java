package io.rdasuite.hwreal.pm;

import com.intel.pmem.llpl.Heap;
import com.intel.pmem.llpl.MemoryBlock;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * PM from an LLPL heap (DESIGN §6; {@code com.intel.pmem:llpl}, on PMDK's libpmemobj): each region is a
 * memory block of the heap, found again by name through a {@link RegionDirectory} in the heap's root block,
 * and {@link #persist} is the block's {@code flush} (clwb + sfence). The loopback fabric's NIC and CPU need the
 * block as a {@link MemorySegment}; LLPL keeps a block's address package-private, so it and the block's header size are read reflectively.
 *
 * <p>LLPL needs its native library ({@code libllpl.so}) and PMDK; {@link #unavailableBecause()} says what is
 * missing. LLPL is archived by Intel and no longer maintained: the JDK-mapped backend is the one to prefer.
 */
public final class LlplPm implements PersistentMemory {
    private final Heap heap;
    private final Path path;
    private final MemoryBlock root;
    private final RegionDirectory directory;
    private final Map<MemorySegment, MemoryBlock> blocks = new IdentityHashMap<>();

    /** Opens the heap at {@code path}, creating it with {@code sizeBytes} when it does not exist. */
    public LlplPm(Path path, long sizeBytes) {
        String reason = unavailableBecause();
        if (reason != null) {
            throw new IllegalStateException("LLPL is not usable here: " + reason);
        }
        this.path = path;
        String file = path.toString();
        if (Heap.exists(file)) {
            heap = Heap.openHeap(file);
            root = heap.memoryBlockFromHandle(heap.getRoot());
        } else {
            heap = Heap.createHeap(file, sizeBytes);
            root = heap.allocateMemoryBlock(RegionDirectory.BYTES, false);
            root.setMemory((byte) 0, 0, RegionDirectory.BYTES);
            root.flush();
            heap.setRoot(root.handle());
        }
        directory = new RegionDirectory(segmentOf(root));
    }

    /** Null when LLPL can run here, otherwise what is missing (the native library, PMDK). */
    public static String unavailableBecause() {
        try {
            Class.forName("com.intel.pmem.llpl.Heap", true, LlplPm.class.getClassLoader());
            Heap.exists("/"); // touches the native library
            return null;
        } catch (UnsatisfiedLinkError | ExceptionInInitializerError | NoClassDefFoundError | ClassNotFoundException e) {
            return "LLPL's native library cannot be loaded (" + e + "); install PMDK's libpmemobj (Debian: libpmemobj1) and"
                    + " build libllpl.so from https://github.com/pmem/llpl onto java.library.path";
        }
    }

    @Override
    public synchronized MemorySegment map(String name, long lengthBytes) {
        RegionDirectory.Entry e = directory.find(name);
        MemoryBlock block;
        if (e != null) {
            if (e.length() != lengthBytes) {
                throw new IllegalArgumentException("LLPL region " + name + " has " + e.length() + " bytes; the region needs " + lengthBytes
                        + "; its data is left untouched");
            }
            block = heap.memoryBlockFromHandle(e.handle());
        } else {
            block = heap.allocateMemoryBlock(lengthBytes, false);
            block.setMemory((byte) 0, 0, lengthBytes);
            block.flush();
            long[] range = directory.append(name, block.handle(), lengthBytes);
            root.flush(range[0], range[1]);
            directory.publish();
            root.flush(0, 8);
        }
        MemorySegment s = segmentOf(block).reinterpret(lengthBytes);
        blocks.put(s, block);
        return s;
    }

    @Override
    public void persist(MemorySegment region, long offset, long length) {
        MemoryBlock block;
        synchronized (this) {
            block = blocks.get(region);
        }
        if (block == null) {
            throw new IllegalArgumentException("not a region of this LLPL heap");
        }
        block.flush(offset, length);
    }

    @Override
    public boolean durable() {
        return true;
    }

    @Override
    public String describe() {
        return "LLPL heap " + path;
    }

    @Override
    public void close() {
        // LLPL closes heaps at exit
    }

    private static Method declared(Class<?> type, String name) throws NoSuchMethodException {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                if (m.getName().equals(name) && m.getParameterCount() == 0 && !java.lang.reflect.Modifier.isAbstract(m.getModifiers())) {
                    return m;
                }
            }
        }
        throw new NoSuchMethodException(type.getName() + "." + name + "()");
    }

    private static MemorySegment segmentOf(MemoryBlock block) {
        try {
            Method address = com.intel.pmem.llpl.MemoryAccessor.class.getDeclaredMethod("directAddress");
            address.setAccessible(true);
            Method metadata = declared(block.getClass(), "metadataSize");
            metadata.setAccessible(true); // a block's data follows its size header
            long data = (long) address.invoke(block) + (long) metadata.invoke(block);
            return MemorySegment.ofAddress(data).reinterpret(block.size());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("this LLPL version hides a memory block's address differently: " + e, e);
        }
    }
}
