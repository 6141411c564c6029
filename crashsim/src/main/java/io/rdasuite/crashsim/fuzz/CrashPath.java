package io.rdasuite.crashsim.fuzz;

import java.util.Arrays;

/**
 * Which crash state of a {@link FuzzCase}: the event before which the server went down first and, after a power
 * failure, which post-crash image it restarted from; then, when the schedule repeats the crash, the event of the
 * restarted run before which it lost power again and that image.
 *
 * @param firstEvent    the first crash's event index (in the first run)
 * @param firstChoices  its image: a choice per frontier slot (empty after a process crash)
 * @param firstCut      and how much of the volatile FIFO drained
 * @param secondEvent   the second power failure's event index in the restarted run, or -1 for none
 * @param secondChoices its image
 * @param secondCut     its FIFO cut
 */
public record CrashPath(long firstEvent, int[] firstChoices, int firstCut, long secondEvent, int[] secondChoices, int secondCut) {
    public CrashPath {
        firstChoices = firstChoices.clone();
        secondChoices = secondChoices.clone();
    }

    public static CrashPath single(long event, int[] choices, int cut) {
        return new CrashPath(event, choices, cut, -1, new int[0], 0);
    }

    public CrashPath withSecond(long event, int[] choices, int cut) {
        return new CrashPath(firstEvent, firstChoices, firstCut, event, choices, cut);
    }

    public boolean repeated() {
        return secondEvent >= 0;
    }

    String encode() {
        return firstEvent + "~" + join(firstChoices) + "~" + firstCut + "~" + secondEvent + "~" + join(secondChoices) + "~" + secondCut;
    }

    static CrashPath decode(String s) {
        String[] f = s.split("~", -1);
        if (f.length != 6) {
            throw new IllegalArgumentException("a crash path has 6 fields, not " + f.length);
        }
        return new CrashPath(Long.parseLong(f[0]), split(f[1]), Integer.parseInt(f[2]), Long.parseLong(f[3]), split(f[4]), Integer.parseInt(f[5]));
    }

    private static String join(int[] a) {
        return String.join(".", Arrays.stream(a).mapToObj(Integer::toString).toList());
    }

    private static int[] split(String s) {
        return s.isEmpty() ? new int[0] : Arrays.stream(s.split("\\.")).mapToInt(Integer::parseInt).toArray();
    }

    public String describe() {
        String first = "server down before event " + firstEvent + (firstChoices.length > 0 || firstCut > 0
                ? " (image lines=" + Arrays.toString(firstChoices) + " fifoCut=" + firstCut + ")" : "");
        return repeated() ? first + ", then power failure before event " + secondEvent + " of the restarted run (image lines="
                + Arrays.toString(secondChoices) + " fifoCut=" + secondCut + ")" : first;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CrashPath p && p.firstEvent == firstEvent && Arrays.equals(p.firstChoices, firstChoices) && p.firstCut == firstCut
                && p.secondEvent == secondEvent && Arrays.equals(p.secondChoices, secondChoices) && p.secondCut == secondCut;
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(firstEvent, Arrays.hashCode(firstChoices), firstCut, secondEvent, Arrays.hashCode(secondChoices), secondCut);
    }

    @Override
    public String toString() {
        return describe();
    }
}
