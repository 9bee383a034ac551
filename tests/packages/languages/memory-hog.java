import java.util.*;

// Holds 1 GiB of arrays, four times the memory limit: MLE.
public class Hog {
    public static void main(String[] args) {
        List<long[]> held = new ArrayList<>();
        for (int i = 0; i < 1024; i++) {
            held.add(new long[1 << 17]);
        }
        System.out.println(held.size() > 0 ? "First" : "Second");
    }
}
